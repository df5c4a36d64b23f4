import { z } from 'zod';
import { FAILED_TO_GET_OBJECT_NAMES } from '../messages/admin.js';
import { defineResource } from './define.js';
import { requiredText } from './fields.js';

/** Object names: the kinds of record an attribute hangs on (User, Facility, Invoice, Page …). */
export const objectNames = defineResource({
  name: 'objectNames',
  title: 'Object Names',
  singular: 'Object Name',
  route: '/attributes',
  table: 'object_names',
  properties: { id: { type: 'number', readOnly: true }, name: { type: 'string' } },
  schema: z.object({ name: requiredText('Name', 100) }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'id', title: 'Id', format: 'number', width: 80 },
    { key: 'name', title: 'Name' },
  ],
  search: ['name'],
  form: [{ name: 'name', label: 'Name', widget: 'text', required: true }],
  read: 'admin.read',
  write: 'admin.write',
  api: { base: '/api/ObjectNames', list: '/api/ObjectNames' },
  failedToGet: FAILED_TO_GET_OBJECT_NAMES,
  example: { name: 'Example Object' },
});
