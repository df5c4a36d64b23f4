import type { RecordTypeName } from '@glass/domain';
import { replyForm, startConversationForm } from '@glass/domain/contracts';
import { validationFailed, zodErrors } from '../../http/errors.js';
import { allValues, type FormPost, firstValue } from '../../files/multipart-form.js';

export interface StartInput {
  subject: string;
  message: string;
  titleColorId: number;
  record?: { recordType: RecordTypeName; recordId: number };
  recipientUserIds: number[];
  messageGroupIds: number[];
}

/** POST Conversations/Start fields (spec 1 §7), with the spec's messages for subject and message. */
export function parseStartForm(form: FormPost): StartInput {
  const parsed = startConversationForm.safeParse({
    Subject: firstValue(form, 'Subject') ?? '',
    Message: firstValue(form, 'Message') ?? '',
    TitleColorId: firstValue(form, 'TitleColorId'),
    RecordId: firstValue(form, 'RecordId'),
    RecordType: firstValue(form, 'RecordType'),
    RecipientUserIds: allValues(form, 'RecipientUserIds'),
    MessageGroupIds: allValues(form, 'MessageGroupIds'),
  });
  if (!parsed.success) throw validationFailed(zodErrors(parsed.error));
  const v = parsed.data;
  return {
    subject: v.Subject,
    message: v.Message,
    titleColorId: v.TitleColorId,
    record:
      v.RecordId !== undefined && v.RecordType
        ? { recordType: v.RecordType, recordId: v.RecordId }
        : undefined,
    recipientUserIds: [...new Set(v.RecipientUserIds)],
    messageGroupIds: [...new Set(v.MessageGroupIds)],
  };
}

export interface ReplyInput {
  message: string;
  replyToAll: boolean;
}

/** POST Conversations/{id}/Reply fields: 'Please enter your reply' when the text is blank. */
export function parseReplyForm(form: FormPost): ReplyInput {
  const parsed = replyForm.safeParse({
    Message: firstValue(form, 'Message') ?? '',
    ReplyToAll: firstValue(form, 'ReplyToAll'),
  });
  if (!parsed.success) throw validationFailed(zodErrors(parsed.error));
  return { message: parsed.data.Message, replyToAll: parsed.data.ReplyToAll };
}
