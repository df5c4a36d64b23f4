import { z } from 'zod';
import { FAILED_TO_GET_WINDSHIELD_ACCESSORIES_LIST } from '../messages/admin.js';
import { defineResource } from './define.js';
import { flag, intWithDefault, optionalMoney, optionalText, requiredText } from './fields.js';
import { ACTIVE_FILTER } from './lookups.js';

/** Windshield accessory (spec 2 §3): listed by Name ascending (spec 2 §7). */
export const windshieldAccessories = defineResource({
  name: 'windshieldAccessories',
  title: 'Windshield Accessories',
  singular: 'Windshield Accessory',
  route: '/windshield-accessories',
  table: 'windshield_accessories',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    description: { type: 'string' },
    partNumber: { type: 'string' },
    price: { type: 'number' },
    requiresCalibration: { type: 'boolean' },
    sortOrder: { type: 'number' },
    isActive: { type: 'boolean' },
  },
  schema: z.object({
    name: requiredText('Name', 100),
    description: optionalText('Description', 500),
    partNumber: optionalText('Part Number', 50),
    price: optionalMoney('Price'),
    requiresCalibration: flag(false),
    sortOrder: intWithDefault('Sort Order', 0, 0, 32_000),
    isActive: flag(true),
  }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'partNumber', title: 'Part Number' },
    { key: 'price', title: 'Price', format: 'money' },
    { key: 'requiresCalibration', title: 'Requires Calibration', format: 'boolean' },
    { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
  ],
  search: ['name', 'partNumber', 'description'],
  filters: [ACTIVE_FILTER, { key: 'requiresCalibration', label: 'Requires Calibration', kind: 'boolean' }],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'description', label: 'Description', widget: 'textarea' },
    { name: 'partNumber', label: 'Part Number', widget: 'text' },
    { name: 'price', label: 'Price', widget: 'money' },
    { name: 'requiresCalibration', label: 'Requires Calibration', widget: 'switch' },
    { name: 'sortOrder', label: 'Sort Order', widget: 'number' },
    { name: 'isActive', label: 'Active', widget: 'switch' },
  ],
  // Reference data the invoice screens pick from (every signed-in user reads it); managers maintain it.
  read: null,
  write: 'admin.write',
  api: {
    base: '/api/WindshieldAccessories',
    list: '/api/WindshieldAccessories',
  },
  failedToGet: FAILED_TO_GET_WINDSHIELD_ACCESSORIES_LIST,
  example: { name: 'Example Rain Sensor', partNumber: 'WA-9001', price: 45, requiresCalibration: true },
});
