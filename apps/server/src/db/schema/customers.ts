import { type SQL, sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './core.js';
import { pk } from './columns.js';

/**
 * People: invoice customers and buyers (sold to), service vehicle customers.
 * Phones are stored as digits only. The search "matches the last digits of the given length",
 * so each phone has a reversed copy (generated column) indexed with text_pattern_ops:
 * `primary_phone_rev LIKE reverse($digits) || '%'` is then an index range scan.
 */
export const customers = pgTable(
  'customers',
  {
    id: pk(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name'),
    primaryPhone: text('primary_phone'),
    /** Phone types: 1 Home, 2 Cell, 3 Work, 4 Fax, 5 Other/Land Line, -1 unlabelled. */
    primaryPhoneTypeId: smallint('primary_phone_type_id').notNull().default(-1),
    secondaryPhone: text('secondary_phone'),
    secondaryPhoneTypeId: smallint('secondary_phone_type_id').notNull().default(-1),
    primaryPhoneRev: text('primary_phone_rev').generatedAlwaysAs(
      (): SQL => sql`reverse(${customers.primaryPhone})`,
    ),
    secondaryPhoneRev: text('secondary_phone_rev').generatedAlwaysAs(
      (): SQL => sql`reverse(${customers.secondaryPhone})`,
    ),
    doNotCall: boolean('do_not_call').notNull().default(false),
    doNotText: boolean('do_not_text').notNull().default(false),
    email: text('email'),
    doNotEmail: boolean('do_not_email').notNull().default(false),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_primary_phone_rev_idx').on(t.primaryPhoneRev.op('text_pattern_ops')),
    index('customers_secondary_phone_rev_idx').on(t.secondaryPhoneRev.op('text_pattern_ops')),
    index('customers_last_name_idx').on(t.lastName, t.firstName),
    index('customers_email_idx').on(sql`lower(${t.email})`),
  ],
);
