import { f, nn, userName } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';

/**
 * GET /api/ServiceVehicleHistory (spec 1 §3 "History entry"), newest first. The screen filters by
 * serviceVehicleId, which service_vehicle_history_sv_idx (service_vehicle_id, activity_date) serves in order.
 */
export const serviceVehicleHistoryResource: ODataResource = {
  name: 'ServiceVehicleHistory',
  from: 'service_vehicle_history h',
  fields: {
    id: f('h.id', 'number'),
    serviceVehicleId: nn('h.service_vehicle_id', 'number'),
    activityDate: nn('h.activity_date', 'datetime'),
    activity: nn('h.activity', 'string'),
    userId: f('h.user_id', 'number'),
    user: userName('h.user_id'),
    details: f('h.details', 'string'),
    activityLogId: f('h.activity_log_id', 'number'),
    isContact: nn('h.is_contact', 'boolean'),
  },
  defaultOrderBy: 'h.activity_date desc',
  key: 'h.id',
  defaultTop: 100,
  maxTop: 500,
};

const quote = (n: 1 | 2) => ({
  [`quote${n}/invoiceId`]: f(`q.quote${n}_invoice_id`, 'number'),
  [`quote${n}/cog`]: f(`q.quote${n}_cog`, 'number'),
  [`quote${n}/partNumber`]: f(`q.quote${n}_part_number`, 'string'),
  [`quote${n}/partTypeId`]: f(`q.quote${n}_part_type_id`, 'number'),
  [`quote${n}/quoted`]: f(`q.quote${n}_quoted`, 'number'),
  [`quote${n}/gradeId`]: f(`q.quote${n}_grade_id`, 'number'),
  [`quote${n}/manufacturer`]: f(`q.quote${n}_manufacturer`, 'string'),
});

/** GET /api/QuickQuotes (spec 2 §3 "QuickQuote"): quote1 and quote2 side by side, newest first. */
export const quickQuoteResource: ODataResource = {
  name: 'QuickQuotes',
  from: 'quick_quotes q',
  fields: {
    id: f('q.id', 'number'),
    quotedAt: nn('q.quoted_at', 'datetime'),
    serviceVehicleId: nn('q.service_vehicle_id', 'number'),
    quotedById: f('q.quoted_by_id', 'number'),
    quotedBy: userName('q.quoted_by_id'),
    ...quote(1),
    ...quote(2),
  },
  defaultOrderBy: 'q.quoted_at desc',
  key: 'q.id',
  defaultTop: 50,
  maxTop: 200,
};
