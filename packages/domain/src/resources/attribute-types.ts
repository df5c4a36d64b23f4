import { z } from 'zod';
import { FAILED_TO_GET_ATTRIBUTE_TYPES } from '../messages/admin.js';
import { optionsOf } from '../enum-helpers.js';
import { defineResource } from './define.js';
import { requiredText } from './fields.js';

export const ATTRIBUTE_DATA_TYPES = ['string', 'number', 'boolean', 'date', 'list'] as const;
const DATA_TYPE_OPTIONS = optionsOf(ATTRIBUTE_DATA_TYPES.map((t) => [t, t] as const));

/** Attribute types: the value kinds (Text, Number, Boolean, Date, List). */
export const attributeTypes = defineResource({
  name: 'attributeTypes',
  title: 'Attribute Types',
  singular: 'Attribute Type',
  route: '/attributes',
  table: 'attribute_types',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    dataType: { type: 'string' },
  },
  schema: z.object({
    name: requiredText('Name', 100),
    dataType: z.enum(ATTRIBUTE_DATA_TYPES, {
      error: `Data Type must be one of ${ATTRIBUTE_DATA_TYPES.join(', ')}`,
    }),
  }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'id', title: 'Id', format: 'number', width: 80 },
    { key: 'name', title: 'Name' },
    { key: 'dataType', title: 'Data Type' },
  ],
  search: ['name'],
  filters: [{ key: 'dataType', label: 'Data Type', kind: 'select', options: DATA_TYPE_OPTIONS }],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'dataType', label: 'Data Type', widget: 'select', options: DATA_TYPE_OPTIONS, required: true },
  ],
  read: 'admin.read',
  write: 'admin.write',
  api: { base: '/api/AttributeTypes', list: '/api/AttributeTypes' },
  failedToGet: FAILED_TO_GET_ATTRIBUTE_TYPES,
  example: { name: 'Example Type', dataType: 'string' },
});
