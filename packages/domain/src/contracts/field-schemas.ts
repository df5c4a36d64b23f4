import { z } from 'zod';
import { PaymentType } from '../enums.js';
import { dbId, instantText } from './limits.js';

/**
 * Request and response field shapes more than one contract uses (service vehicles, invoices). The
 * server validates with them and the web forms build their rules from them (`zodRule`), so a limit
 * is written once.
 */

/** Trimmed text of at most `max` characters. */
export const text = (max = 100) => z.string().trim().max(max);
/** An ISO 8601 date-time with an offset (`2026-01-31T15:00:00Z`). */
export const dateTime = instantText;
/** Dollars in a request (the server stores numeric(12,2)). */
export const moneyInput = z.number().min(0).max(1_000_000);
export const positiveId = dbId;
/** A numeric path id (`/api/Invoices/12`): the contracts' common one. */
export { idParams } from './common.js';

/** An id that must be one of an enum's values; the 400 says "Unknown <what>". */
export const idOf = (values: Record<string, number>, what: string) =>
  z
    .number()
    .int()
    .refine((v) => Object.values(values).includes(v), `Unknown ${what}`);

export const paymentTypeIdSchema = idOf(PaymentType, 'payment type');

export const phoneTypeIdSchema = z
  .number()
  .int()
  .min(-1)
  .max(5)
  .refine((v) => v !== 0, 'Unknown phone type');

/** Phones are stored as digits only; punctuation typed by staff is dropped. */
export const phoneSchema = z
  .string()
  .transform((s) => s.replace(/\D/g, ''))
  .refine((s) => s === '' || (s.length >= 7 && s.length <= 15), 'Phone must have 7 to 15 digits');

export const thumbSchema = z.union([z.literal(1), z.literal(-1), z.literal(0)], {
  error: 'Thumb must be 1, -1 or 0',
});

/* Response building blocks: what PostgreSQL's json_build_object sends. */

/** A timestamp as PostgreSQL's JSON writes it (`2026-01-31T15:00:00.123+00:00`). */
export const instant = z.string();
/** numeric(12,2) as JSON: a number. */
export const amount = z.number();
export const userRef = z.object({ id: z.number().int(), name: z.string() });
export const namedRef = z.object({ id: z.number().int(), name: z.string() });
export const facilityRef = z.object({ id: z.number().int(), name: z.string(), shortName: z.string() });
export const phoneOut = z.object({ phone: z.string().nullable(), phoneTypeId: z.number().int().nullable() });
export const lockOut = z.object({ id: z.number().int(), lockedAt: instant, user: userRef.nullable() });
export type UserRef = z.infer<typeof userRef>;
export type NamedRef = z.infer<typeof namedRef>;
