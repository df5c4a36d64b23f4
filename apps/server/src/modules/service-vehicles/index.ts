/** Service vehicles: lists, detail, edits, actions, quick quotes, the invoice made from a vehicle. */
import type { App } from '../../app-type.js';
import { serviceVehicleActionRoutes } from './action-routes.js';
import { invoiceFromServiceVehicleRoutes } from './invoice-from-sv.js';
import { quickQuoteRoutes } from './quick-quote-routes.js';
import { serviceVehicleRoutes } from './routes.js';

export { quickQuoteResource, serviceVehicleHistoryResource } from './child-resources.js';
export {
  type DmsUpsertResult,
  type DmsVehicleRow,
  facilityTimeZone,
  upsertDmsVehicles,
} from './dms-upsert.js';
export { serviceVehicleListResource } from './list-resource.js';
export { loadForWrite, recordChange, serviceVehicleRecord } from './records.js';
export { priorityColorSql, prioritySql, startOfTodaySql, tzoMinutes } from './priority-sql.js';

export function register(app: App) {
  serviceVehicleRoutes(app);
  serviceVehicleActionRoutes(app);
  quickQuoteRoutes(app);
  invoiceFromServiceVehicleRoutes(app);
}
