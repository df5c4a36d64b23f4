import { describe, expect, it } from 'vitest';
import { isConversationUnread, lastMessage, unreadConversationCount } from './unread.js';

const me = 10;
const other = 20;

describe('isConversationUnread (spec 1 §4 "Conversation unread")', () => {
  it('true if any message not sent by the user has no recipient record for that user', () => {
    const c = { messages: [{ id: 1, messageFromUserId: other }], recipients: [] };
    expect(isConversationUnread(c, me)).toBe(true);
  });

  it('true if a message not sent by the user has a recipient record with no read time', () => {
    const c = {
      messages: [{ id: 1, messageFromUserId: other }],
      recipients: [{ recipientUserId: me, messageId: 1, messageReadAt: null }],
    };
    expect(isConversationUnread(c, me)).toBe(true);
  });

  it('false when every message from others has a read recipient record for the user', () => {
    const c = {
      messages: [
        { id: 1, messageFromUserId: other },
        { id: 2, messageFromUserId: other },
      ],
      recipients: [
        { recipientUserId: me, messageId: 1, messageReadAt: '2024-01-01T10:00:00Z' },
        { recipientUserId: me, messageId: 2, messageReadAt: '2024-01-01T10:01:00Z' },
      ],
    };
    expect(isConversationUnread(c, me)).toBe(false);
  });

  it('messages sent by the user never make it unread ("not sent by the user")', () => {
    const c = { messages: [{ id: 1, messageFromUserId: me }], recipients: [] };
    expect(isConversationUnread(c, me)).toBe(false);
  });

  it("another user's recipient record does not count for this user", () => {
    const c = {
      messages: [{ id: 1, messageFromUserId: other }],
      recipients: [{ recipientUserId: 30, messageId: 1, messageReadAt: '2024-01-01T10:00:00Z' }],
    };
    expect(isConversationUnread(c, me)).toBe(true);
  });

  it('recipient records expanded on the message are read too', () => {
    const c = {
      messages: [
        {
          id: 1,
          messageFromUserId: other,
          recipients: [{ recipientUserId: me, messageId: 1, messageReadAt: '2024-01-01T10:00:00Z' }],
        },
      ],
    };
    expect(isConversationUnread(c, me)).toBe(false);
  });

  it('counts unread conversations', () => {
    const unread = { messages: [{ id: 1, messageFromUserId: other }] };
    const read = { messages: [{ id: 2, messageFromUserId: me }] };
    expect(unreadConversationCount([unread, read, unread], me)).toBe(2);
  });
});

describe('lastMessage ("A conversation is marked read by clicking its last message")', () => {
  it('is the latest message by time', () => {
    const msgs = [
      { id: 1, messageFromUserId: other, messagedAt: '2024-01-01T10:05:00Z' },
      { id: 2, messageFromUserId: other, messagedAt: '2024-01-01T10:00:00Z' },
    ];
    expect(lastMessage(msgs)?.id).toBe(1);
    expect(lastMessage([])).toBeUndefined();
  });
});
