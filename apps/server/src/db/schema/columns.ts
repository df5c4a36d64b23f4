import { integer, numeric } from 'drizzle-orm/pg-core';

/** Surrogate key used by every table; int4 is plenty (1 M invoices is the scale target). */
export const pk = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** Money amounts: exact decimals in SQL, parsed to JS numbers by the client (see db/client.ts). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
