import { z } from 'zod';
import { FAILED_TO_GET_MATERIALS_LIST } from '../messages/admin.js';
import { defineResource } from './define.js';
import { flag, intWithDefault, requiredText } from './fields.js';
import { ACTIVE_FILTER } from './lookups.js';

/** Material (spec 2 §3): id, name. Installers report them on appointment status updates. */
export const materials = defineResource({
  name: 'materials',
  title: 'Materials',
  singular: 'Material',
  route: '/materials',
  table: 'materials',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    sortOrder: { type: 'number' },
    isActive: { type: 'boolean' },
  },
  schema: z.object({
    name: requiredText('Name', 100),
    sortOrder: intWithDefault('Sort Order', 0),
    isActive: flag(true),
  }),
  defaultOrder: [
    ['sortOrder', 'asc'],
    ['name', 'asc'],
  ],
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'sortOrder', title: 'Sort Order', format: 'number', width: 110 },
    { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
  ],
  search: ['name'],
  filters: [ACTIVE_FILTER],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'sortOrder', label: 'Sort Order', widget: 'number' },
    { name: 'isActive', label: 'Active', widget: 'switch' },
  ],
  read: 'admin.read',
  write: 'admin.write',
  api: {
    base: '/api/materials',
    list: '/api/materials',
    arrays: [
      { path: '/api/materials/droplist', select: ['id', 'name'], where: { isActive: true }, action: null },
    ],
  },
  failedToGet: FAILED_TO_GET_MATERIALS_LIST,
  example: { name: 'Example Resin', sortOrder: 50, isActive: true },
});
