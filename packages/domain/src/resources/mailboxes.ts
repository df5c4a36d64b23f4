import { z } from 'zod';
import { FAILED_TO_GET_MAILBOXES } from '../messages/admin.js';
import { defineResource } from './define.js';
import { flag, intWithDefault, optionalId, requiredEmail, requiredText } from './fields.js';
import { ACTIVE_FILTER, BRAND_LOOKUP } from './lookups.js';

export const PASSWORDS_DO_NOT_MATCH = 'Password and Confirm Password do not match';

const optionalSecret = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string().max(200, 'Password must be at most 200 characters').nullable(),
);

/**
 * Mailbox (spec 2 §3): id, name, brandId, brand, smtpServer, port, account, fromEmail, isActive,
 * password, confirmPassword. The password is write-only: stored encrypted, never sent back.
 * On update an empty password keeps the stored one.
 */
export const mailboxes = defineResource({
  name: 'mailboxes',
  title: 'Mailboxes',
  singular: 'Mailbox',
  route: '/mailboxes',
  table: 'mailboxes',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    brandId: { type: 'number' },
    brand: { type: 'string', ref: { table: 'brands', via: 'brandId' } },
    smtpServer: { type: 'string' },
    port: { type: 'number' },
    account: { type: 'string' },
    fromEmail: { type: 'string' },
    isActive: { type: 'boolean' },
    password: { type: 'string', column: 'password_secret', writeOnly: true, encrypted: true },
  },
  schema: z
    .object({
      name: requiredText('Name', 100),
      brandId: optionalId('Brand'),
      smtpServer: requiredText('SMTP Server', 200).regex(
        /^[A-Za-z0-9.-]+$/,
        'SMTP Server must be a host name',
      ),
      port: intWithDefault('Port', 587, 1, 65535),
      account: requiredText('Account', 200),
      fromEmail: requiredEmail('From Email'),
      isActive: flag(true),
      password: optionalSecret,
      confirmPassword: optionalSecret,
    })
    .superRefine((v, ctx) => {
      if ((v.password ?? '') !== (v.confirmPassword ?? '')) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
      }
    }),
  requiredOnCreate: ['password'],
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'brand', title: 'Brand' },
    { key: 'smtpServer', title: 'SMTP Server' },
    { key: 'port', title: 'Port', format: 'number', width: 80 },
    { key: 'account', title: 'Account' },
    { key: 'fromEmail', title: 'From Email' },
    { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
  ],
  search: ['name', 'account', 'fromEmail', 'smtpServer'],
  filters: [ACTIVE_FILTER, { key: 'brandId', label: 'Brand', kind: 'lookup', lookup: BRAND_LOOKUP }],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'brandId', label: 'Brand', widget: 'lookup', lookup: BRAND_LOOKUP },
    { name: 'smtpServer', label: 'SMTP Server', widget: 'text', required: true },
    { name: 'port', label: 'Port', widget: 'number' },
    { name: 'account', label: 'Account', widget: 'text', required: true },
    { name: 'fromEmail', label: 'From Email', widget: 'email', required: true },
    {
      name: 'password',
      label: 'Password',
      widget: 'password',
      help: 'Leave empty to keep the current password',
    },
    { name: 'confirmPassword', label: 'Confirm Password', widget: 'password' },
    { name: 'isActive', label: 'Active', widget: 'switch' },
  ],
  read: 'admin.read',
  write: 'admin.write',
  api: { base: '/api/mailboxes', list: '/api/mailboxes' },
  failedToGet: FAILED_TO_GET_MAILBOXES,
  example: {
    name: 'Example Service',
    brandId: 1,
    smtpServer: 'smtp.example.com',
    port: 587,
    account: 'service@example.com',
    fromEmail: 'service@example.com',
    password: 'Secret-123',
    confirmPassword: 'Secret-123',
  },
});
