import { z } from 'zod';
import { id, odataPage, timestamp } from './common.js';

/** Parking (spec 1 §3 "Parked item", §7 park / ParkedItemsOdata). */

const TARGET = 'Park for exactly one user or one message group';

/** The park payload (the spec leaves its shape open): a line and exactly one target. */
export const parkBody = z
  .object({
    parkLine: z.coerce
      .number()
      .int('The line must be a whole number')
      .min(1, 'The line must be 1 or more')
      .describe(
        'Line number, from 1 to the value of option 36 (number of park lines); a line holds one record',
      ),
    parkedForUserId: z
      .number()
      .int()
      .positive()
      .nullish()
      .describe('Park for this user (give this or parkedForMessageGroupId)'),
    parkedForMessageGroupId: z
      .number()
      .int()
      .positive()
      .nullish()
      .describe("Park for this message group's Always subscribers (not group 6)"),
  })
  .superRefine((v, ctx) => {
    const given = [v.parkedForUserId, v.parkedForMessageGroupId].filter(
      (x) => x !== null && x !== undefined,
    ).length;
    if (given === 1) return;
    for (const path of ['parkedForUserId', 'parkedForMessageGroupId'])
      ctx.addIssue({ code: 'custom', path: [path], message: TARGET });
  });
export type ParkBody = z.input<typeof parkBody>;

const parkUser = z.object({ id, firstName: z.string(), lastName: z.string(), name: z.string() });

/** Spec 1 §3 "Parked item (as listed by the server)". */
export const parkedItem = z.object({
  id,
  parkLine: z.number().int(),
  parkedAt: timestamp,
  parkedByUserId: id,
  parkedByUser: parkUser.nullable(),
  parkedForUser: parkUser.nullable(),
  parkedForMessageGroup: z.object({ id, name: z.string() }).nullable(),
  serviceVehicleId: id.nullable(),
  invoiceId: id.nullable(),
  parkedForUserId: id.nullable(),
  parkedForMessageGroupId: id.nullable(),
  recordType: z.enum(['Invoice', 'ServiceVehicle']),
  recordNumber: id,
});
export type ParkedItem = z.infer<typeof parkedItem>;

/** GET /api/ParkedItemsOdata */
export const parkedItems = odataPage(parkedItem);
