import {
  MESSAGE_REQUIRED,
  NEW_CONVERSATION_TITLE_COLOR_ID,
  RecordType,
  type RecordTypeName,
  REPLY_REQUIRED,
  SUBJECT_REQUIRED,
} from '@glass/domain';
import { z } from 'zod';
import { validationFailed, zodErrors } from '../../http/errors.js';
import { allValues, type FormPost, firstValue } from '../../files/multipart-form.js';

/** Form posts send every value as text; blanks mean "not given". */
const blank = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);
const optionalId = z.preprocess(
  blank,
  z.coerce.number().int().positive('Must be a positive whole number').optional(),
);
const idArray = (max: number) =>
  z.array(z.coerce.number().int().positive('Must be a positive whole number')).max(max, `At most ${max} ids`);
const MESSAGE_MAX = 4000;

/** 'Invoice', 'invoices', 'ServiceVehicle', 'service-vehicles', 'Service Vehicle' → the record type name. */
function recordType(v: unknown): unknown {
  if (typeof v !== 'string' || !v.trim()) return undefined;
  const key = v
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/s$/, '');
  if (key === 'invoice') return RecordType.Invoice;
  if (key === 'servicevehicle') return RecordType.ServiceVehicle;
  return v;
}

const startSchema = z
  .object({
    Subject: z
      .string()
      .trim()
      .min(1, SUBJECT_REQUIRED)
      .max(200, 'The subject can have at most 200 characters'),
    Message: z
      .string()
      .trim()
      .min(1, MESSAGE_REQUIRED)
      .max(MESSAGE_MAX, `The message can have at most ${MESSAGE_MAX} characters`),
    TitleColorId: z.preprocess(
      blank,
      z.coerce.number().int().min(0).max(99).default(NEW_CONVERSATION_TITLE_COLOR_ID),
    ),
    RecordId: optionalId,
    RecordType: z.preprocess(recordType, z.enum(RecordType, 'Must be Invoice or ServiceVehicle').optional()),
    RecipientUserIds: idArray(500),
    MessageGroupIds: idArray(50),
  })
  .superRefine((v, ctx) => {
    if (v.RecordId !== undefined && v.RecordType === undefined) {
      ctx.addIssue({ code: 'custom', path: ['RecordType'], message: 'Say which kind of record RecordId is' });
    }
    if (v.RecordType !== undefined && v.RecordId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['RecordId'], message: 'Give the id of the record' });
    }
  });

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
  const parsed = startSchema.safeParse({
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

const flag = z.preprocess((v) => {
  const text = typeof v === 'string' ? v.trim().toLowerCase() : v;
  if (text === undefined || text === '') return false;
  if (['true', '1', 'on', 'yes'].includes(text as string)) return true;
  if (['false', '0', 'off', 'no'].includes(text as string)) return false;
  return v;
}, z.boolean('Must be true or false'));

const replySchema = z.object({
  Message: z
    .string()
    .trim()
    .min(1, REPLY_REQUIRED)
    .max(MESSAGE_MAX, `The reply can have at most ${MESSAGE_MAX} characters`),
  ReplyToAll: flag,
});

export interface ReplyInput {
  message: string;
  replyToAll: boolean;
}

/** POST Conversations/{id}/Reply fields: 'Please enter your reply' when the text is blank. */
export function parseReplyForm(form: FormPost): ReplyInput {
  const parsed = replySchema.safeParse({
    Message: firstValue(form, 'Message') ?? '',
    ReplyToAll: firstValue(form, 'ReplyToAll'),
  });
  if (!parsed.success) throw validationFailed(zodErrors(parsed.error));
  return { message: parsed.data.Message, replyToAll: parsed.data.ReplyToAll };
}
