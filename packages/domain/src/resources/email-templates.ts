import { z } from 'zod';
import { FAILED_TO_GET_EMAIL_TEMPLATES } from '../messages/admin.js';
import { defineResource } from './define.js';
import { flag, optionalId, requiredText, textOrEmpty } from './fields.js';
import { ACTIVE_FILTER, BRAND_LOOKUP } from './lookups.js';

/** The usage flags of spec 2 §3, in the spec's order, with their labels. */
export const EMAIL_TEMPLATE_USAGES = [
  ['forRepairInvoices', 'Repair Invoices'],
  ['forReplacementInvoices', 'Replacement Invoices'],
  ['forRepairServiceVehicles', 'Repair Service Vehicles'],
  ['forReplacementServiceVehicles', 'Replacement Service Vehicles'],
  ['forCustomerText', 'Customer Text'],
  ['forCustomerEmail', 'Customer Email'],
  ['forTechText', 'Tech Text'],
  ['forClearingHouse', 'Clearing House'],
] as const;

const usageProps = Object.fromEntries(EMAIL_TEMPLATE_USAGES.map(([k]) => [k, { type: 'boolean' as const }]));
const usageSchema = Object.fromEntries(EMAIL_TEMPLATE_USAGES.map(([k]) => [k, flag(false)])) as Record<
  (typeof EMAIL_TEMPLATE_USAGES)[number][0],
  ReturnType<typeof flag>
>;

/**
 * EmailTemplate (spec 2 §3): id, name, subject, salutation, body, brandId, isActive and the usage
 * flags. The list is filtered by isActive (spec 2 §7).
 */
export const emailTemplates = defineResource({
  name: 'emailTemplates',
  title: 'Email Templates',
  singular: 'Email Template',
  route: '/email-templates',
  table: 'email_templates',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    subject: { type: 'string' },
    salutation: { type: 'string' },
    body: { type: 'string' },
    brandId: { type: 'number' },
    brand: { type: 'string', ref: { table: 'brands', via: 'brandId' } },
    isActive: { type: 'boolean' },
    ...usageProps,
  },
  schema: z.object({
    name: requiredText('Name', 100),
    subject: textOrEmpty('Subject', 300),
    salutation: textOrEmpty('Salutation', 300),
    body: requiredText('Body', 10_000),
    brandId: optionalId('Brand'),
    isActive: flag(true),
    ...usageSchema,
  }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'subject', title: 'Subject' },
    { key: 'brand', title: 'Brand' },
    ...EMAIL_TEMPLATE_USAGES.map(([key, title]) => ({ key, title, format: 'boolean' as const })),
    { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
  ],
  search: ['name', 'subject', 'body'],
  filters: [
    ACTIVE_FILTER,
    { key: 'brandId', label: 'Brand', kind: 'lookup', lookup: BRAND_LOOKUP },
    ...EMAIL_TEMPLATE_USAGES.map(([key, label]) => ({ key, label, kind: 'boolean' as const })),
  ],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'brandId', label: 'Brand', widget: 'lookup', lookup: BRAND_LOOKUP },
    { name: 'subject', label: 'Subject', widget: 'text' },
    { name: 'salutation', label: 'Salutation', widget: 'text' },
    { name: 'body', label: 'Body', widget: 'textarea', required: true },
    ...EMAIL_TEMPLATE_USAGES.map(([name, label]) => ({ name, label, widget: 'switch' as const })),
    { name: 'isActive', label: 'Active', widget: 'switch' },
  ],
  read: 'admin.read',
  write: 'admin.write',
  api: { base: '/api/emailTemplates', list: '/api/emailTemplates' },
  failedToGet: FAILED_TO_GET_EMAIL_TEMPLATES,
  example: {
    name: 'Example Reminder',
    subject: 'Your appointment',
    salutation: 'Hello {firstName},',
    body: 'See you on {date}.',
    forCustomerEmail: true,
  },
});
