import type { Action } from '@glass/domain';
import { RESOURCES } from '@glass/domain/resources/index';
import type { ODataResource } from '../../odata/types.js';
import { odataResourceOf } from '../../resources/odata.js';
import { activityLogDetailsResource, activityLogsResource } from '../activity-logs/index.js';
import { customerApprovalsResource } from '../approvals/index.js';
import { pendingAuditsResource } from '../audits/index.js';
import { conversationsResource } from '../conversations/index.js';
import { depositResource } from '../deposits/index.js';
import { dmsImportsResource } from '../dms-imports/index.js';
import {
  finalizingInvoicesResource,
  invoiceListResource,
  outstandingInvoicesResource,
} from '../invoices/index.js';
import { facilitiesOData } from '../lookups/index.js';
import { parkedItemsResource } from '../parking/index.js';
import { reconcileResource } from '../reconcile/index.js';
import {
  quickQuoteResource,
  serviceVehicleHistoryResource,
  serviceVehicleListResource,
} from '../service-vehicles/index.js';
import { subscriptionsResource } from '../subscriptions/index.js';

/** The service root: list routes are mounted below it, so an entity set's URL is relative to it. */
export const SERVICE_ROOT = '/api/';

/**
 * One OData list the service document and $metadata describe: its entity set name, its route (relative
 * to the service root), the resource its rows come from, and the route's action (who may read it).
 */
export interface EntitySet {
  name: string;
  url: string;
  resource: ODataResource;
  action: Action;
}

/**
 * A declared list's entity set name: its route below the service root, segments joined with the first letter
 * of each later one capitalized (`admin/lostReasons` → `AdminLostReasons`: `/api/LostReasons` is the plain
 * list of active reasons, and routes are matched without regard to case).
 */
const setName = (route: string) =>
  route
    .split('/')
    .map((part, i) => (i === 0 && !route.includes('/') ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');

/**
 * Every OData list route. Routes stay where they are (modules/…/routes.ts); this table names them for
 * the service document, and metadata.test.ts checks that each set answers at its name and at its route.
 * Four lists have routes other than their names (two under Invoices/, two under admin/): a request for
 * `/api/<name>` is sent to the route before routing (http/odata-route.ts rewriteODataUrl).
 */
export const ENTITY_SETS: readonly EntitySet[] = [
  { name: 'Invoices', url: 'Invoices', resource: invoiceListResource, action: 'invoice.read' },
  {
    name: 'OutstandingInvoices',
    url: 'Invoices/outstanding',
    resource: outstandingInvoicesResource,
    action: 'invoice.read',
  },
  {
    name: 'FinalizingInvoices',
    url: 'Invoices/finalizing',
    resource: finalizingInvoicesResource,
    action: 'invoice.read',
  },
  {
    name: 'ServiceVehicles',
    url: 'ServiceVehicles',
    resource: serviceVehicleListResource,
    action: 'serviceVehicle.read',
  },
  {
    name: 'ServiceVehicleHistory',
    url: 'ServiceVehicleHistory',
    resource: serviceVehicleHistoryResource,
    action: 'serviceVehicle.read',
  },
  { name: 'QuickQuotes', url: 'QuickQuotes', resource: quickQuoteResource, action: 'serviceVehicle.read' },
  {
    name: 'ParkedItemsOdata',
    url: 'ParkedItemsOdata',
    resource: parkedItemsResource,
    action: 'messages.read',
  },
  { name: 'Conversations', url: 'Conversations', resource: conversationsResource, action: 'messages.read' },
  {
    name: 'CustomerApprovals',
    url: 'customerApprovals',
    resource: customerApprovalsResource,
    action: 'approvals.read',
  },
  { name: 'Subscriptions', url: 'Subscriptions', resource: subscriptionsResource, action: 'messages.read' },
  { name: 'FacilitiesOData', url: 'FacilitiesOData', resource: facilitiesOData, action: 'lookups.read' },
  { name: 'PendingAudits', url: 'PendingAudits', resource: pendingAuditsResource, action: 'audits.read' },
  { name: 'DmsImports', url: 'DmsImports', resource: dmsImportsResource, action: 'dmsImports.read' },
  { name: 'ActivityLogs', url: 'ActivityLogs', resource: activityLogsResource, action: 'admin.read' },
  {
    name: 'ActivityLogDetails',
    url: 'ActivityLogDetails',
    resource: activityLogDetailsResource,
    action: 'admin.read',
  },
  {
    name: 'ReconcileInvoices',
    url: 'ReconcileInvoices',
    resource: reconcileResource,
    action: 'finance.read',
  },
  { name: 'DepositInvoices', url: 'DepositInvoices', resource: depositResource, action: 'finance.read' },
  ...RESOURCES.map(
    (def): EntitySet => ({
      name: setName(def.api.list.slice(SERVICE_ROOT.length)),
      url: def.api.list.slice(SERVICE_ROOT.length),
      resource: odataResourceOf(def),
      action: def.read ?? 'lookups.read',
    }),
  ),
];

const byResource = new Map<ODataResource, EntitySet>(ENTITY_SETS.map((s) => [s.resource, s]));
const byResourceName = new Map<string, EntitySet>(ENTITY_SETS.map((s) => [s.resource.name, s]));

/** The entity set a list route answers (resources built per request, like the per-zone lists, by name). */
export function entitySetOf(resource: ODataResource): EntitySet | undefined {
  return byResource.get(resource) ?? byResourceName.get(resource.name);
}
