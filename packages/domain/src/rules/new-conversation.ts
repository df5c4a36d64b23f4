/**
 * New conversation, spec 1 §5: subject and message required; groups and recipients optional and
 * omitted when empty; at most one image; the current user is excluded from the recipients and
 * message group 6 from the groups; 'Insert Current URL' attaches the invoice or service-vehicle id
 * taken from the current address. Sent with TitleColorId 3 (spec 1 §7).
 */
import { IGNORED_MESSAGE_GROUP_ID, NEW_CONVERSATION_TITLE_COLOR_ID } from '../constants.js';
import { RecordType, type RecordTypeName } from '../enums.js';
import { MESSAGE_REQUIRED, REPLY_REQUIRED, SUBJECT_REQUIRED } from '../messages/messaging.js';

export interface LinkedRecord {
  recordType: RecordTypeName;
  recordId: number;
}

/** '/invoices/42' → Invoice 42, '/service-vehicles/7?alertId=1' → ServiceVehicle 7, else undefined. */
export function recordFromPath(pathname: string): LinkedRecord | undefined {
  const match = /^\/(invoices|service-vehicles)\/(\d+)(?:[/?#]|$)/i.exec(pathname);
  if (!match) return undefined;
  const recordType = match[1]?.toLowerCase() === 'invoices' ? RecordType.Invoice : RecordType.ServiceVehicle;
  return { recordType, recordId: Number(match[2]) };
}

export interface NewConversationDraft {
  subject?: string | null;
  message?: string | null;
  recipientUserIds?: readonly number[] | null;
  messageGroupIds?: readonly number[] | null;
  record?: LinkedRecord | null;
}

export interface StartConversationPayload {
  Subject: string;
  Message: string;
  TitleColorId: number;
  RecordId?: number;
  RecordType?: RecordTypeName;
  RecipientUserIds?: number[];
  MessageGroupIds?: number[];
}

/** Field problems keyed by form field, in the form's order; empty when the draft can be sent. */
export function newConversationProblems(draft: NewConversationDraft): { subject?: string; message?: string } {
  const problems: { subject?: string; message?: string } = {};
  if (!draft.subject?.trim()) problems.subject = SUBJECT_REQUIRED;
  if (!draft.message?.trim()) problems.message = MESSAGE_REQUIRED;
  return problems;
}

export function replyProblem(text: string | null | undefined): string | undefined {
  return text?.trim() ? undefined : REPLY_REQUIRED;
}

/** The form fields of POST Conversations/Start, without the image (appended by the caller). */
export function startConversationPayload(
  draft: NewConversationDraft,
  currentUserId: number,
): StartConversationPayload {
  const recipients = [...new Set(draft.recipientUserIds ?? [])].filter((id) => id !== currentUserId);
  const groups = [...new Set(draft.messageGroupIds ?? [])].filter((id) => id !== IGNORED_MESSAGE_GROUP_ID);
  return {
    Subject: (draft.subject ?? '').trim(),
    Message: (draft.message ?? '').trim(),
    TitleColorId: NEW_CONVERSATION_TITLE_COLOR_ID,
    ...(draft.record ? { RecordId: draft.record.recordId, RecordType: draft.record.recordType } : {}),
    ...(recipients.length ? { RecipientUserIds: recipients } : {}),
    ...(groups.length ? { MessageGroupIds: groups } : {}),
  };
}
