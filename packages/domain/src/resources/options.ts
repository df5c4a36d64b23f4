import { z } from 'zod';
import { FAILED_TO_GET_OPTIONS } from '../messages/admin.js';
import { defineResource } from './define.js';
import { flag, optionalText, requiredText, textOrEmpty } from './fields.js';

/**
 * Option (spec 1 §3): id, name, description, value, adminOnly. Options flagged adminOnly are
 * system settings: only roles with 'options.adminOnly' (System Admin) see, edit or create them.
 * Every signed-in user may read the others (the footer reads the park line count, id 36).
 */
export const options = defineResource({
  name: 'options',
  title: 'Options',
  singular: 'Option',
  route: '/options',
  table: 'options',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    description: { type: 'string' },
    value: { type: 'string' },
    adminOnly: { type: 'boolean' },
  },
  schema: z.object({
    name: requiredText('Name', 100),
    description: optionalText('Description', 500),
    value: textOrEmpty('Value', 2000),
    adminOnly: flag(false),
  }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'id', title: 'Id', format: 'number', width: 80 },
    { key: 'name', title: 'Name' },
    { key: 'description', title: 'Description' },
    { key: 'value', title: 'Value' },
    { key: 'adminOnly', title: 'Admin Only', format: 'boolean', width: 110 },
  ],
  search: ['name', 'description', 'value'],
  filters: [{ key: 'adminOnly', label: 'Admin Only', kind: 'boolean' }],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'description', label: 'Description', widget: 'textarea' },
    { name: 'value', label: 'Value', widget: 'text' },
    { name: 'adminOnly', label: 'Admin Only', widget: 'switch' },
  ],
  read: null,
  write: 'admin.write',
  restrictedBy: { property: 'adminOnly', action: 'options.adminOnly' },
  api: { base: '/api/Options', list: '/api/Options' },
  failedToGet: FAILED_TO_GET_OPTIONS,
  example: { name: 'ExampleOption', description: 'An example setting', value: '42' },
});
