import { z } from 'zod';
import { FAILED_TO_GET_PHONE_EXTENSIONS_LIST } from '../messages/phone.js';
import { defineResource } from './define.js';
import { flag, optionalId, requiredText } from './fields.js';
import { ACTIVE_FILTER, EMPLOYEE_LOOKUP, FACILITY_LOOKUP } from './lookups.js';

/** The schemes a call URI may use; anything else (javascript:, data:) could run in the pop-up. */
export const CALL_URI_SCHEME = /^(tel:|sips?:|callto:|https:\/\/)/i;

/**
 * Phone extension (spec 2 §3): listed by Name ascending, also by userId (GET /list, which every
 * signed-in user's start-up load reads). The URI template is what the phone bridge opens, with
 * `{destinationPhone}`, `{extension}` and `{callerId}` filled in by getRequestUri.
 */
export const phoneExtensions = defineResource({
  name: 'phoneExtensions',
  title: 'Phone Extensions',
  singular: 'Phone Extension',
  route: '/phone-extensions',
  table: 'phone_extensions',
  properties: {
    id: { type: 'number', readOnly: true },
    name: { type: 'string' },
    userId: { type: 'number' },
    userName: { type: 'string', ref: { table: 'users', via: 'userId', label: ['first_name', 'last_name'] } },
    facilityId: { type: 'number' },
    facility: { type: 'string', ref: { table: 'facilities', via: 'facilityId', label: ['short_name'] } },
    extension: { type: 'string' },
    uriTemplate: { type: 'string' },
    isActive: { type: 'boolean' },
  },
  schema: z.object({
    name: requiredText('Name', 100),
    userId: optionalId('Employee'),
    facilityId: optionalId('Facility'),
    extension: requiredText('Extension', 20),
    uriTemplate: requiredText('URI Template', 300)
      .refine((v) => v.includes('{destinationPhone}'), 'URI Template must contain {destinationPhone}')
      .refine(
        (v) => CALL_URI_SCHEME.test(v),
        'URI Template must start with tel:, sip:, sips:, callto: or https://',
      ),
    isActive: flag(true),
  }),
  defaultOrder: [['name', 'asc']],
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'extension', title: 'Extension', width: 110 },
    { key: 'userName', title: 'Employee' },
    { key: 'facility', title: 'Facility' },
    { key: 'uriTemplate', title: 'URI Template' },
    { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
  ],
  search: ['name', 'extension'],
  filters: [
    ACTIVE_FILTER,
    { key: 'userId', label: 'Employee', kind: 'lookup', lookup: EMPLOYEE_LOOKUP },
    { key: 'facilityId', label: 'Facility', kind: 'lookup', lookup: FACILITY_LOOKUP },
  ],
  form: [
    { name: 'name', label: 'Name', widget: 'text', required: true },
    { name: 'extension', label: 'Extension', widget: 'text', required: true },
    { name: 'userId', label: 'Employee', widget: 'lookup', lookup: EMPLOYEE_LOOKUP },
    { name: 'facilityId', label: 'Facility', widget: 'lookup', lookup: FACILITY_LOOKUP },
    {
      name: 'uriTemplate',
      label: 'URI Template',
      widget: 'text',
      required: true,
      help: 'e.g. tel:{destinationPhone} or sip:{destinationPhone}@pbx.example.com',
    },
    { name: 'isActive', label: 'Active', widget: 'switch' },
  ],
  read: 'admin.read',
  write: 'admin.write',
  api: {
    base: '/api/phoneExtensions',
    list: '/api/phoneExtensions',
    arrays: [
      {
        path: '/api/phoneExtensions/list',
        select: ['id', 'name', 'userId', 'facilityId', 'extension'],
        where: { isActive: true },
        query: { userId: 'userId' },
        action: null,
      },
    ],
  },
  failedToGet: FAILED_TO_GET_PHONE_EXTENSIONS_LIST,
  example: { name: 'Example Desk', extension: '2999', facilityId: 1, uriTemplate: 'tel:{destinationPhone}' },
});
