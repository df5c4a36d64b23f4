import { z } from 'zod';
import { FAILED_TO_GET_VENDORS } from '../messages/admin.js';
import { defineResource } from './define.js';
import {
  flag,
  optionalEmail,
  optionalId,
  optionalNumber,
  optionalPhone,
  optionalState,
  optionalText,
  optionalZip,
  requiredText,
} from './fields.js';
import { BRAND_LOOKUP } from './lookups.js';

/**
 * Vendor (spec 2 §3): id, brandId, name, phone, fax, email, accountNumber, inactive,
 * address (line1, city, state, zip), latitude, longitude. `GET /api/vendors` keeps the short
 * active-vendor list the session start-up load reads; the screen uses the OData `vendorsList`.
 */
export const vendors = defineResource({
  name: 'vendors',
  title: 'Vendors',
  singular: 'Vendor',
  route: '/vendors',
  table: 'vendors',
  properties: {
    id: { type: 'number', readOnly: true },
    brandId: { type: 'number' },
    brand: { type: 'string', ref: { table: 'brands', via: 'brandId' } },
    name: { type: 'string' },
    phone: { type: 'string' },
    fax: { type: 'string' },
    email: { type: 'string' },
    accountNumber: { type: 'string' },
    inactive: { type: 'boolean' },
    'address/line1': { type: 'string', column: 'address_line1' },
    'address/city': { type: 'string' },
    'address/state': { type: 'string' },
    'address/zip': { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
  },
  schema: z.object({
    brandId: optionalId('Brand'),
    name: requiredText('Name'),
    phone: optionalPhone(),
    fax: optionalPhone('Fax'),
    email: optionalEmail(),
    accountNumber: optionalText('Account Number', 50),
    inactive: flag(false),
    address: z
      .object({
        line1: optionalText('Address'),
        city: optionalText('City', 100),
        state: optionalState(),
        zip: optionalZip(),
      })
      .nullish()
      .transform((a) => a ?? { line1: null, city: null, state: null, zip: null }),
    latitude: optionalNumber('Latitude', -90, 90),
    longitude: optionalNumber('Longitude', -180, 180),
  }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'inactive', title: 'Status', format: 'flag', flagText: 'Inactive', width: 100 },
    { key: 'phone', title: 'Phone', format: 'phone' },
    { key: 'email', title: 'Email' },
    { key: 'accountNumber', title: 'Account Number' },
    { key: 'address/city', title: 'City' },
    { key: 'address/state', title: 'State', format: 'state', width: 80 },
    { key: 'brand', title: 'Brand' },
  ],
  search: ['name', 'accountNumber', 'address/city'],
  filters: [
    { key: 'inactive', label: 'Inactive', kind: 'boolean', initial: false },
    { key: 'brandId', label: 'Brand', kind: 'lookup', lookup: BRAND_LOOKUP },
  ],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'brandId', label: 'Brand', widget: 'lookup', lookup: BRAND_LOOKUP },
    { name: 'phone', label: 'Phone', widget: 'phone' },
    { name: 'fax', label: 'Fax', widget: 'phone' },
    { name: 'email', label: 'Email', widget: 'email' },
    { name: 'accountNumber', label: 'Account Number', widget: 'text' },
    { name: 'address/line1', label: 'Address', widget: 'text' },
    { name: 'address/city', label: 'City', widget: 'text' },
    { name: 'address/state', label: 'State', widget: 'state' },
    { name: 'address/zip', label: 'Zip', widget: 'text' },
    { name: 'latitude', label: 'Latitude', widget: 'number' },
    { name: 'longitude', label: 'Longitude', widget: 'number' },
    { name: 'inactive', label: 'Inactive', widget: 'switch' },
  ],
  // Reference data the invoice screens pick from (every signed-in user reads it); managers maintain it.
  read: null,
  write: 'admin.write',
  api: {
    base: '/api/vendors',
    list: '/api/vendorsList',
    arrays: [
      {
        path: '/api/vendors',
        select: ['id', 'name', 'phone', 'email', 'brandId'],
        where: { inactive: false },
        action: null,
      },
    ],
  },
  failedToGet: FAILED_TO_GET_VENDORS,
  example: {
    name: 'Example Glass Supply',
    brandId: 1,
    phone: '7135550100',
    email: 'orders@example.com',
    accountNumber: 'AC-1',
    address: { line1: '1 Supply Rd', city: 'Houston', state: 'TX', zip: '77041' },
    latitude: 29.85,
    longitude: -95.5,
  },
});
