import { z } from 'zod';
import { alertSchema } from '../alert.js';

/** Alerts (spec 1 §3 "Alert", §7 self/alerts, self/consumeAlert). */

export { type Alert, alertSchema as alert } from '../alert.js';

/** GET /api/self/alerts: my pending alerts, oldest first. */
export const pendingAlerts = z.array(alertSchema);

/** POST /api/self/consumeAlert */
export const consumeAlertBody = z.object({ alertIdToConsume: z.coerce.number().int().positive() });
export const consumeAlertResponse = z.object({ alertIdToConsume: z.number().int(), consumed: z.boolean() });
export type ConsumeAlertResponse = z.infer<typeof consumeAlertResponse>;
