import type { SvAccessory } from '@glass/domain/contracts/service-vehicles';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { SessionUser } from '../../auth/sessions.js';
import { badRequest } from '../../http/errors.js';
import { facilityFilter } from '../../http/facility-scope.js';
import { serviceVehicleDetailSql } from './detail-fields.js';
import { svNotFound } from './records.js';

export { DETAIL_HISTORY_ENTRIES } from './detail-fields.js';

/** Trusted SQL of the detail object (spec 1 §3), from its declaration (detail-fields.ts). */
const detailSql = serviceVehicleDetailSql;

export class DetailService {
  constructor(private db: Database) {}

  /** The detail as JSON text, ready to send. */
  async detail(id: number, tzo: number): Promise<string> {
    const [row] = await this.db.rows<{ json: string }>(
      sql`select ${sql.raw(detailSql(tzo))} as json from service_vehicles sv where sv.id = ${id}`,
    );
    if (!row) throw svNotFound(id);
    return row.json;
  }

  /**
   * Windshield accessories of the vehicle. Accessories are recorded on the invoice made from it
   * (invoice_accessories), so before the invoice exists the list is empty.
   */
  async accessories(id: number) {
    const [sv] = await this.db.rows<{ invoiceId: number | null }>(
      sql`select invoice_id as "invoiceId" from service_vehicles where id = ${id}`,
    );
    if (!sv) throw svNotFound(id);
    if (!sv.invoiceId) return [];
    return this.db.rows<SvAccessory>(
      sql`select ia.id, ia.accessory_id as "accessoryId", wa.name, wa.part_number as "partNumber", wa.price,
                 wa.requires_calibration as "requiresCalibration"
          from invoice_accessories ia join windshield_accessories wa on wa.id = ia.accessory_id
          where ia.invoice_id = ${sv.invoiceId} order by wa.name`,
    );
  }

  /**
   * VIN decodes of one vehicle (or of one VIN), newest first. A decode made for a service vehicle is that vehicle's facility's data (decision 0016): a facility-bound
   * user sees only those of their allowed facilities, and decodes made outside any vehicle.
   */
  async vinHistory(user: SessionUser, q: { serviceVehicleId?: number; vin?: string }) {
    if (!q.serviceVehicleId && !q.vin)
      throw badRequest('serviceVehicleId', 'Give a service vehicle id or a VIN');
    const which = q.serviceVehicleId
      ? sql`v.service_vehicle_id = ${q.serviceVehicleId}`
      : sql`v.vin = ${q.vin?.trim().toUpperCase()}`;
    const where = sql`${which} and (v.service_vehicle_id is null or exists (
      select 1 from service_vehicles s where s.id = v.service_vehicle_id
        and ${facilityFilter(user, sql`s.facility_id`)}))`;
    const [json] = await this.db.rows<{ json: string }>(
      sql`select coalesce(json_agg(x order by x."lookedUpAt" desc, x.id desc), '[]')::text as json from (
            select v.id, v.vin, v.service_vehicle_id as "serviceVehicleId", v.looked_up_at as "lookedUpAt",
                   (select u.first_name || ' ' || u.last_name from users u where u.id = v.user_id) as "user",
                   v.source, v.year, v.make, v.model, v.body_style as "bodyStyle"
            from vin_lookups v where ${where} order by v.looked_up_at desc, v.id desc limit 50) x`,
    );
    return json.json;
  }
}
