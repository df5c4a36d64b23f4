import { f, nn, out } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';

const userObject = (idSql: string) =>
  out(
    `(select json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
       'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${idSql})`,
    'string',
  );

/**
 * GET /api/ParkedItemsOdata: spec 1 §3 "Parked item (as listed by the server)". parkedByUser and
 * parkedForUser are objects {id, firstName, lastName, name}, parkedForMessageGroup {id, name}, or null
 * (output only, always present, no $expand needed); recordType and recordNumber save the footer a step.
 */
export const parkedItemsResource: ODataResource = {
  name: 'ParkedItemsOdata',
  from: 'parked_items p',
  fields: {
    id: f('p.id', 'number'),
    parkLine: nn('p.park_line', 'number'),
    parkedAt: nn('p.parked_at', 'datetime'),
    parkedByUserId: nn('p.parked_by_user_id', 'number'),
    parkedByUser: userObject('p.parked_by_user_id'),
    parkedForUser: userObject('p.parked_for_user_id'),
    parkedForMessageGroup: out(
      `(select json_build_object('id', g.id, 'name', g.name) from message_groups g where g.id = p.parked_for_message_group_id)`,
      'string',
    ),
    serviceVehicleId: f('p.service_vehicle_id', 'number'),
    invoiceId: f('p.invoice_id', 'number'),
    parkedForUserId: f('p.parked_for_user_id', 'number'),
    parkedForMessageGroupId: f('p.parked_for_message_group_id', 'number'),
    recordType: f(`case when p.invoice_id is not null then 'Invoice' else 'ServiceVehicle' end`, 'string'),
    recordNumber: f('coalesce(p.invoice_id, p.service_vehicle_id)', 'number'),
  },
  defaultOrderBy: 'p.park_line',
  key: 'p.id',
  defaultTop: 100,
  maxTop: 100,
};
