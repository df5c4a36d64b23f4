import { z } from 'zod';
import { FAILED_TO_GET_DISPOSITION_REASONS, FAILED_TO_GET_LOST_REASONS } from '../messages/admin.js';
import { defineResource, type ResourceDef } from './define.js';
import { flag, intWithDefault, requiredText } from './fields.js';
import { ACTIVE_FILTER } from './lookups.js';

/** The parts that differ between pick lists (id, name, sort order, active): everything else is shared. */
export interface PickListOptions {
  name: string;
  title: string;
  singular: string;
  route: string;
  table: string;
  api: ResourceDef['api'];
  failedToGet: string;
  example: Record<string, unknown>;
}

/** A pick list resource: name, sort order and active flag, listed by sort order then name. */
export function pickList(o: PickListOptions): ResourceDef {
  return defineResource({
    name: o.name,
    title: o.title,
    singular: o.singular,
    route: o.route,
    table: o.table,
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
    api: o.api,
    failedToGet: o.failedToGet,
    example: o.example,
  });
}

/**
 * Disposition reasons and lost reasons (spec 2 §3: id, name), maintained on the Options screen.
 * Their plain lists stay at GET /api/Dispositions and /api/LostReasons (active ones, for the
 * start-up load), and `PUT Dispositions|LostReasons` belongs to the service vehicle that is being
 * marked, so the admin routes live under /api/admin.
 */
const adminPickList = (
  name: string,
  title: string,
  singular: string,
  table: string,
  failedToGet: string,
  example: string,
) =>
  pickList({
    name,
    title,
    singular,
    route: '/options',
    table,
    api: { base: `/api/admin/${name}`, list: `/api/admin/${name}` },
    failedToGet,
    example: { name: example, sortOrder: 90 },
  });

export const dispositionReasons = adminPickList(
  'dispositionReasons',
  'Disposition Reasons',
  'Disposition Reason',
  'dispositions',
  FAILED_TO_GET_DISPOSITION_REASONS,
  'Example Disposition',
);

export const lostReasons = adminPickList(
  'lostReasons',
  'Lost Reasons',
  'Lost Reason',
  'lost_reasons',
  FAILED_TO_GET_LOST_REASONS,
  'Example Lost Reason',
);
