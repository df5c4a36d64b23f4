import { boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { brands, createdAt, updatedAt } from './core.js';
import { money, pk } from './columns.js';
import { emailTemplates, mailboxes } from './mail.js';

/** Clearing houses receive submitted insurance invoices; insurers point at one. */
export const clearingHouses = pgTable(
  'clearing_houses',
  {
    id: pk(),
    name: text('name').notNull(),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    bccEmail: text('bcc_email'),
    ccEmail: text('cc_email'),
    requiresFinalization: boolean('requires_finalization').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    brandId: integer('brand_id').references(() => brands.id),
    mailboxId: integer('mailbox_id').references(() => mailboxes.id),
    emailTemplateId: integer('email_template_id').references(() => emailTemplates.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('clearing_houses_name_idx').on(t.name)],
);

/** Insurance companies with their per-repair rates (1st, 2nd, 3rd chip). dnp = do not process. */
export const insuranceCompanies = pgTable(
  'insurance_companies',
  {
    id: pk(),
    name: text('name').notNull(),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    phone1: text('phone1'),
    phone2: text('phone2'),
    repair1Rate: money('repair1_rate'),
    repair2Rate: money('repair2_rate'),
    repair3Rate: money('repair3_rate'),
    brandId: integer('brand_id').references(() => brands.id),
    inactive: boolean('inactive').notNull().default(false),
    dnp: boolean('dnp').notNull().default(false),
    cbr: boolean('cbr').notNull().default(false),
    clearingHouseId: integer('clearing_house_id').references(() => clearingHouses.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('insurance_companies_name_idx').on(t.name),
    index('insurance_companies_ch_idx').on(t.clearingHouseId),
  ],
);

/** Glass and parts vendors. */
export const vendors = pgTable(
  'vendors',
  {
    id: pk(),
    brandId: integer('brand_id').references(() => brands.id),
    name: text('name').notNull(),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    accountNumber: text('account_number'),
    inactive: boolean('inactive').notNull().default(false),
    addressLine1: text('address_line1'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vendors_name_idx').on(t.name), index('vendors_brand_idx').on(t.brandId)],
);
