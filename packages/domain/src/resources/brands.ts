import { z } from 'zod';
import { FAILED_TO_GET_BRANDS } from '../messages/admin.js';
import { defineResource } from './define.js';
import { optionalId, requiredText } from './fields.js';
import { BRAND_LOOKUP } from './lookups.js';

/** Brand (spec 2 §3): id, name, shortName, parentId, parent. */
export const brands = defineResource({
  name: 'brands',
  title: 'Brands',
  singular: 'Brand',
  route: '/brands',
  table: 'brands',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    shortName: { type: 'string' },
    parentId: { type: 'number' },
    parent: { type: 'string', ref: { table: 'brands', via: 'parentId' } },
  },
  schema: z.object({
    name: requiredText('Name'),
    shortName: requiredText('Short Name', 20),
    parentId: optionalId('Parent'),
  }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'id', title: 'Id', format: 'number', width: 80 },
    { key: 'name', title: 'Name' },
    { key: 'shortName', title: 'Short Name' },
    { key: 'parent', title: 'Parent' },
  ],
  search: ['name', 'shortName'],
  filters: [{ key: 'parentId', label: 'Parent', kind: 'lookup', lookup: BRAND_LOOKUP }],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'shortName', label: 'Short Name', widget: 'text', required: true },
    { name: 'parentId', label: 'Parent', widget: 'lookup', lookup: BRAND_LOOKUP },
  ],
  // Every role reads the list (the STA Phones Brand filter, the Parent pick list): lookups.read. Managers maintain it.
  read: null,
  write: 'admin.write',
  api: { base: '/api/Brands', list: '/api/Brands' },
  failedToGet: FAILED_TO_GET_BRANDS,
  example: { name: 'Example Glass Co', shortName: 'EGC', parentId: 1 },
});
