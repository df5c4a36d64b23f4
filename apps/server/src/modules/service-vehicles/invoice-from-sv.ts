import { createdInvoice } from '@glass/domain/contracts/invoices';
import { PaymentType } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { currentUser } from '../../http/auth.js';
import { conflict } from '../../http/errors.js';
import { storeInvoiceMoney } from '../invoices/index.js';
import { loadForWrite, recordChange } from './records.js';
import { idParams } from './schemas.js';

export interface InvoiceFromSv {
  invoiceId: number;
  /** False when the vehicle already had its invoice (nothing was made). */
  created: boolean;
}

/**
 * Initiate Invoice (spec 1 §7 "POST Invoices/createInvoiceFromServiceVehicle/{id} returns the new invoice id").
 * The invoice copies the vehicle, customer, facility, payment type, lead technician and repair lines
 * (labor, tax at the facility's rate and total stored by storeInvoiceMoney),
 * and the vehicle links to it (priority 9, invoiced). Calling it again for the same vehicle makes no second
 * invoice: it answers the existing invoice id with `created: false`, so a double click or a retry after a
 * lost response lands on the same invoice. The vehicle's row lock serializes concurrent calls.
 * A void or lost vehicle, or one locked by someone else, is a 409.
 */
export async function createInvoiceFromServiceVehicle(
  db: Database,
  user: SessionUser,
  id: number,
): Promise<InvoiceFromSv> {
  return db.transaction(async (tx) => {
    await loadForWrite(tx, id, user);
    const [sv] = await tx.rows<{ invoiceId: number | null; void: boolean; lost: boolean }>(
      sql`select invoice_id as "invoiceId", void, lost from service_vehicles where id = ${id}`,
    );
    if (sv.invoiceId) return { invoiceId: sv.invoiceId, created: false };
    if (sv.void || sv.lost)
      throw conflict(
        `Service Vehicle ${id} is ${sv.void ? 'void' : 'lost'}; no invoice can be made from it.`,
      );

    const [inv] = await tx.rows<{ id: number }>(
      sql`insert into invoices (facility_id, customer_id, buyer_id, payment_type_id, reference_number, lead_technician_id,
            created_by_id, initiated, pending, replacement, repair_count, windshield_checked, windshield_notes, thumb,
            vehicle_year, vehicle_make, vehicle_model, vin, mileage, license_plate, license_state, service_tag, topper,
            service_vehicle_id, sold_to, customer_phone, ro_number)
          select sv.facility_id, sv.customer_id, sv.customer_id, sv.payment_type_id,
            case when sv.payment_type_id = ${PaymentType.RepairOrder} then sv.repair_order_number end,
            sv.lead_technician_id, ${user.id}, true, sv.payment_type_id = ${PaymentType.Pending}, sv.repair_count >= 4,
            sv.repair_count, sv.windshield_checked, sv.windshield_notes, sv.thumb,
            sv.vehicle_year, sv.vehicle_make, sv.vehicle_model, sv.vin, sv.mileage, sv.license_tag, sv.license_state,
            sv.service_tag, sv.topper, sv.id,
            nullif(coalesce(c.company_name, trim(c.first_name || ' ' || c.last_name)), ''), c.primary_phone,
            sv.repair_order_number
          from service_vehicles sv
          left join customers c on c.id = sv.customer_id
          where sv.id = ${id}
          returning id`,
    );
    await tx.rows(
      sql`insert into invoice_repairs (invoice_id, line_number, description, location, amount)
          select ${inv.id}, line_number, description, location, amount from service_vehicle_repairs
          where service_vehicle_id = ${id} order by line_number, id`,
    );
    await storeInvoiceMoney(tx, inv.id, { labor: true, parts: true });
    await tx.rows(
      sql`update service_vehicles set invoice_id = ${inv.id}, updated_at = now() where id = ${id}`,
    );
    const logId = await audit(tx, user, {
      activity: 'Invoice created from service vehicle',
      type: 'create',
      recordType: 'Invoice',
      recordId: inv.id,
      details: { serviceVehicleId: id },
    });
    await tx.rows(
      sql`insert into invoice_history (invoice_id, activity, user_id, details, activity_log_id)
          values (${inv.id}, 'Invoice created', ${user.id}, ${`From service vehicle ${id}`}, ${logId})`,
    );
    await recordChange(tx, user, id, {
      activity: 'Invoice created',
      details: `Invoice ${inv.id}`,
      params: { invoiceId: inv.id },
    });
    return { invoiceId: inv.id, created: true };
  });
}

export function invoiceFromServiceVehicleRoutes(app: App) {
  const { db } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Invoices/createInvoiceFromServiceVehicle/:id',
    {
      config: { action: 'invoice.initiate' },
      schema: {
        tags: ['invoices', 'service-vehicles'],
        summary:
          'Initiate the invoice of a service vehicle: {invoiceId, created} (201; 200 with the existing one)',
        response: { 200: createdInvoice, 201: createdInvoice },
        params: idParams,
      },
    },
    async (req, reply) => {
      const result = await createInvoiceFromServiceVehicle(db, currentUser(req), req.params.id);
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );
}
