/**
 * The alert pushed by the hub (event NewAlert) and listed by GET self/alerts, spec 1 §3. Only id
 * and type are always present; the rest depends on the type (NewMessage: senderName and
 * conversationId; FollowUp: followUpFor, recordType, recordId; DealerWarranty: recordType, recordId;
 * parked alerts: parkedAt/By/For; Consume: alertIdToConsume).
 */
import { z } from 'zod';
import { AlertType, RecordType } from './enums.js';

const optionalText = z.string().nullish();
const optionalId = z.number().int().nullish();

export const alertSchema = z.object({
  id: z.number().int(),
  type: z.enum(AlertType),
  senderName: optionalText,
  recordId: optionalId,
  recordType: z.enum(RecordType).nullish(),
  facilityName: optionalText,
  facilityShortName: optionalText,
  conversationId: optionalId,
  parkedAt: optionalText,
  parkedBy: optionalText,
  parkedFor: optionalText,
  alertIdToConsume: optionalId,
  followUpFor: optionalText,
  followUpForId: optionalId,
  isMessageGroup: z.boolean().nullish(),
});

export type Alert = z.infer<typeof alertSchema>;
