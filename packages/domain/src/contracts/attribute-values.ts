import { z } from 'zod';
import { id } from './common.js';

/** Attribute values (spec 2 §7 attributevalues, settingValueLists). */

const page = z.string().trim().min(1, 'Page is required').max(100);
const recordId = z.coerce.number().int().min(0);
const item = z.object({
  attributeNameId: z.coerce.number().int().positive(),
  value: z.string().max(500).nullish(),
});

/** GET /api/attributevalues */
export const attributeValuesQuery = z.object({ Page: page, RecordId: recordId.default(0) });

/** POST /api/attributevalues: {page, recordId, values: [...]}, one {attributeNameId, page, recordId, value}, or an array of those. */
export const attributeValuesBody = z.union([
  z.object({ page, recordId: recordId.default(0), values: z.array(item).max(200) }),
  item.extend({ page, recordId: recordId.default(0) }),
  z
    .array(item.extend({ page, recordId: recordId.default(0) }))
    .min(1)
    .max(200),
]);
export type AttributeValuesBody = z.input<typeof attributeValuesBody>;

/** A page's attribute with its value (the stored one, else the default). */
export const attributeValue = z.object({
  attributeNameId: id,
  name: z.string(),
  page: z.string(),
  recordId: z.number().int(),
  value: z.string().nullable(),
  defaultValue: z.string().nullable(),
  tooltipText: z.string().nullable(),
  settingValueListId: id.nullable(),
  values: z.array(z.string()),
});
export type AttributeValue = z.infer<typeof attributeValue>;
/** GET and POST /api/attributevalues */
export const attributeValues = z.array(attributeValue);

/** GET /api/settingValueLists */
export const settingValueList = z.object({ id, name: z.string(), values: z.array(z.string()) });
export type SettingValueList = z.infer<typeof settingValueList>;
export const settingValueLists = z.array(settingValueList);
