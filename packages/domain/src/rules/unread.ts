/**
 * Conversation unread, spec 1 §4: true if any message not sent by the user has no recipient record
 * for that user, or has one with no read time. Recipient records may come on the conversation or
 * on each message (depending on how the list query expands them); both are read.
 */
export interface RecipientLike {
  recipientUserId: number;
  messageId: number;
  messageReadAt?: string | Date | null;
}

export interface MessageLike {
  id: number;
  messageFromUserId: number;
  messagedAt?: string | Date | null;
  recipients?: readonly RecipientLike[] | null;
}

export interface ConversationLike {
  messages?: readonly MessageLike[] | null;
  recipients?: readonly RecipientLike[] | null;
}

export function isConversationUnread(conversation: ConversationLike, userId: number): boolean {
  const all = [
    ...(conversation.recipients ?? []),
    ...(conversation.messages ?? []).flatMap((m) => m.recipients ?? []),
  ];
  return (conversation.messages ?? []).some((m) => {
    if (m.messageFromUserId === userId) return false;
    const mine = all.filter((r) => r.messageId === m.id && r.recipientUserId === userId);
    return mine.length === 0 || mine.some((r) => !r.messageReadAt);
  });
}

export function unreadConversationCount(conversations: readonly ConversationLike[], userId: number): number {
  return conversations.filter((c) => isConversationUnread(c, userId)).length;
}

/**
 * The message whose click marks the conversation read: the latest by messagedAt, or the last in
 * list order when times are missing or equal.
 */
export function lastMessage<M extends MessageLike>(messages: readonly M[] | null | undefined): M | undefined {
  let latest: M | undefined;
  for (const m of messages ?? []) {
    if (!latest || time(m) >= time(latest)) latest = m;
  }
  return latest;
}

function time(m: MessageLike): number {
  const t = m.messagedAt ? new Date(m.messagedAt).getTime() : Number.NaN;
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}
