import { z } from 'zod';
import { id, odataPage } from './common.js';

/** Subscriptions (spec 1 §3 "Subscription", §7 Subscriptions): always the signed-in user's own. */

export const subscription = z.object({
  id,
  userId: id,
  messageGroupId: id,
  groupName: z.string(),
  groupDescription: z.string().nullable(),
  always: z.boolean(),
  onDuty: z.boolean(),
  useSms: z.boolean(),
});
export type Subscription = z.infer<typeof subscription>;

/** GET /api/Subscriptions */
export const subscriptions = odataPage(subscription);

/** PUT /api/Subscriptions/{id}: omitted flags stay as they are. */
export const subscriptionUpdate = z.object({
  id: z.number().int().optional(),
  userId: z.number().int().optional(),
  messageGroupId: z.number().int().optional(),
  always: z.boolean().optional(),
  onDuty: z.boolean().optional(),
  useSms: z.boolean().optional(),
});
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdate>;
