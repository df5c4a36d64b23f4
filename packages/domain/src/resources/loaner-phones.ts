import { z } from 'zod';
import { FAILED_TO_GET_PHONES } from '../messages/loaners.js';
import { defineResource } from './define.js';
import { flag, optionalId, optionalPhone, optionalText, requiredText } from './fields.js';
import { ACTIVE_FILTER, BRAND_LOOKUP, EMPLOYEE_LOOKUP } from './lookups.js';

/**
 * LoanerPhone (spec 2 §3), the STA Phones tile: id, brandId, brandName, employeeId, employeeName,
 * name, phone, phoneName, serialNumber, isActive.
 */
export const loanerPhones = defineResource({
  name: 'loanerPhones',
  title: 'STA Phones',
  singular: 'STA Phone',
  route: '/sta-phones',
  table: 'loaner_phones',
  properties: {
    id: { type: 'number', readOnly: true },
    brandId: { type: 'number' },
    brandName: { type: 'string', ref: { table: 'brands', via: 'brandId' } },
    employeeId: { type: 'number' },
    employeeName: {
      type: 'string',
      ref: { table: 'users', via: 'employeeId', label: ['first_name', 'last_name'] },
    },
    name: { type: 'string' },
    phone: { type: 'string' },
    phoneName: { type: 'string' },
    serialNumber: { type: 'string' },
    isActive: { type: 'boolean' },
  },
  schema: z.object({
    brandId: optionalId('Brand'),
    employeeId: optionalId('Employee'),
    name: requiredText('Name', 100),
    phone: optionalPhone(),
    phoneName: optionalText('Phone Name', 100),
    serialNumber: optionalText('Serial Number', 50),
    isActive: flag(true),
  }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'phone', title: 'Phone', format: 'phone' },
    { key: 'phoneName', title: 'Phone Name' },
    { key: 'serialNumber', title: 'Serial Number' },
    { key: 'employeeName', title: 'Employee' },
    { key: 'brandName', title: 'Brand' },
    { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
  ],
  search: ['name', 'phone', 'serialNumber', 'phoneName'],
  filters: [
    ACTIVE_FILTER,
    { key: 'brandId', label: 'Brand', kind: 'lookup', lookup: BRAND_LOOKUP },
    { key: 'employeeId', label: 'Employee', kind: 'lookup', lookup: EMPLOYEE_LOOKUP },
  ],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'phone', label: 'Phone', widget: 'phone' },
    { name: 'phoneName', label: 'Phone Name', widget: 'text' },
    { name: 'serialNumber', label: 'Serial Number', widget: 'text' },
    { name: 'employeeId', label: 'Employee', widget: 'lookup', lookup: EMPLOYEE_LOOKUP },
    { name: 'brandId', label: 'Brand', widget: 'lookup', lookup: BRAND_LOOKUP },
    { name: 'isActive', label: 'Active', widget: 'switch' },
  ],
  read: 'loaners.read',
  write: 'loaners.write',
  api: { base: '/api/loanerPhones', list: '/api/loanerPhones' },
  failedToGet: FAILED_TO_GET_PHONES,
  example: { name: 'Example STA Phone', phone: '3465550100', phoneName: 'Pixel 8', brandId: 1 },
});
