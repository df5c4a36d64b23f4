import { z } from 'zod';
import { id, timestamp } from './common.js';

/** The notify outbox for admins (GET /api/notify/outbox). */

export const OUTBOX_PAGE_DEFAULT = 25;
export const OUTBOX_PAGE_MAX = 100;

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

export const outboxQuery = z.object({
  channel: z.enum(['sms', 'email']).optional(),
  status: z.enum(OUTBOX_STATUSES).optional(),
  $top: z.coerce.number().int().min(1).max(OUTBOX_PAGE_MAX).default(OUTBOX_PAGE_DEFAULT),
  $skip: z.coerce.number().int().min(0).default(0),
});

export const outboxMessage = z.object({
  id,
  channel: z.enum(['sms', 'email']),
  toAddress: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
  error: z.string().nullable(),
  recordType: z.string().nullable(),
  recordId: id.nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxPage = z.object({ value: z.array(outboxMessage), '@odata.count': z.number().int() });
export type OutboxPage = z.infer<typeof outboxPage>;
