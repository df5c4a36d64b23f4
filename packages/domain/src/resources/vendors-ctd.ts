import { z } from 'zod';
import { FAILED_TO_GET_VENDORS } from '../messages/admin.js';
import { defineResource } from './define.js';
import { BRAND_LOOKUP } from './lookups.js';

/**
 * Vendors CTD: the spec names the tile and the `vendorsCtd` call only. We read CTD as "cost to
 * date": each vendor with the replacement parts ordered from it and their total cost. Read-only.
 */
export const vendorsCtd = defineResource({
  name: 'vendorsCtd',
  title: 'Vendors CTD',
  singular: 'Vendor',
  route: '/vendors-ctd',
  table: 'vendors',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    brandId: { type: 'number' },
    brand: { type: 'string', ref: { table: 'brands', via: 'brandId' } },
    inactive: { type: 'boolean' },
    partsCount: {
      type: 'number',
      sql: '(select count(*)::int from replacement_parts rp where rp.vendor_id = t.id)',
    },
    costToDate: {
      type: 'number',
      sql: '(select coalesce(sum(rp.cost), 0) from replacement_parts rp where rp.vendor_id = t.id)',
    },
    lastOrderedAt: {
      type: 'datetime',
      sql: '(select max(rp.ordered_at) from replacement_parts rp where rp.vendor_id = t.id)',
    },
  },
  schema: z.object({}),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'name', title: 'Vendor' },
    { key: 'inactive', title: 'Status', format: 'flag', flagText: 'Inactive', width: 100 },
    { key: 'brand', title: 'Brand' },
    { key: 'partsCount', title: 'Parts', format: 'number' },
    { key: 'costToDate', title: 'Cost To Date', format: 'money' },
    { key: 'lastOrderedAt', title: 'Last Ordered', format: 'datetime' },
  ],
  search: ['name'],
  filters: [
    { key: 'inactive', label: 'Inactive', kind: 'boolean', initial: false },
    { key: 'brandId', label: 'Brand', kind: 'lookup', lookup: BRAND_LOOKUP },
  ],
  form: [],
  read: 'admin.read',
  api: { base: '/api/vendorsCtd', list: '/api/vendorsCtd' },
  failedToGet: FAILED_TO_GET_VENDORS,
  example: {},
});
