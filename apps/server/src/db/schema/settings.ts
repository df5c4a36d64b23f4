import { boolean, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, users } from './core.js';
import { pk } from './columns.js';

/** Global options (id 36 = number of park lines). adminOnly options are editable by admins only. */
export const options = pgTable(
  'options',
  {
    id: pk(),
    name: text('name').notNull(),
    description: text('description'),
    value: text('value').notNull().default(''),
    adminOnly: boolean('admin_only').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('options_name_uq').on(t.name)],
);

/** What kind of record an attribute hangs on (User, Facility, Invoice, Page …). */
export const objectNames = pgTable(
  'object_names',
  {
    id: pk(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('object_names_name_uq').on(t.name)],
);

/** Attribute value kinds (Text, Number, Boolean, Date, List). */
export const attributeTypes = pgTable(
  'attribute_types',
  {
    id: pk(),
    name: text('name').notNull(),
    dataType: text('data_type').notNull().default('string'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('attribute_types_name_uq').on(t.name)],
);

/** Named value lists: 1 and 3 are YES/NO, 17 is None/Porter/Low/Medium/High/Master. */
export const settingValueLists = pgTable(
  'setting_value_lists',
  {
    id: pk(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('setting_value_lists_name_uq').on(t.name)],
);

export const settingValues = pgTable(
  'setting_values',
  {
    id: pk(),
    settingValueListId: integer('setting_value_list_id')
      .notNull()
      .references(() => settingValueLists.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    displayText: text('display_text').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('setting_values_list_value_uq').on(t.settingValueListId, t.value)],
);

/** Attribute definitions: a named, typed extra field on an object, optionally from a value list. */
export const attributeNames = pgTable(
  'attribute_names',
  {
    id: pk(),
    name: text('name').notNull(),
    objectNameId: integer('object_name_id')
      .notNull()
      .references(() => objectNames.id),
    attributeTypeId: integer('attribute_type_id')
      .notNull()
      .references(() => attributeTypes.id),
    settingValueListId: integer('setting_value_list_id').references(() => settingValueLists.id),
    /** Page (tab) the attribute belongs to when it is a per-page setting, e.g. 'my-pipeline'. */
    tagPageName: text('tag_page_name'),
    defaultValue: text('default_value').notNull().default(''),
    tooltipText: text('tooltip_text'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Page attributes share names across pages (Repairs on each tab), so the page is part of the key.
    unique('attribute_names_uq').on(t.objectNameId, t.tagPageName, t.name).nullsNotDistinct(),
    index('attribute_names_page_idx').on(t.tagPageName),
  ],
);

/**
 * Attribute values, read by page + record id (GET attributevalues?Page&RecordId).
 * userId is set for per-user settings (the YES/NO repair filters per tab) and null for shared ones;
 * NULLS NOT DISTINCT keeps one row per (attribute, page, record, user) either way.
 */
export const attributeValues = pgTable(
  'attribute_values',
  {
    id: pk(),
    attributeNameId: integer('attribute_name_id')
      .notNull()
      .references(() => attributeNames.id, { onDelete: 'cascade' }),
    page: text('page').notNull().default(''),
    recordId: integer('record_id').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    value: text('value').notNull().default(''),
    settingValueListId: integer('setting_value_list_id').references(() => settingValueLists.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('attribute_values_uq').on(t.attributeNameId, t.page, t.recordId, t.userId).nullsNotDistinct(),
    index('attribute_values_page_record_idx').on(t.page, t.recordId),
    index('attribute_values_user_idx').on(t.userId),
  ],
);
