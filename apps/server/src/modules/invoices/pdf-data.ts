import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invoiceMissing } from './records.js';

/** Everything printed on an invoice PDF, read in three queries. */
export interface PdfInvoice {
  id: number;
  replacement: boolean;
  openDateTime: string;
  workCompletedAt: string | null;
  referenceNumber: string | null;
  claimNumber: string | null;
  policyNumber: string | null;
  insurer: string | null;
  vehicle: { year: number | null; make: string | null; model: string | null; vin: string | null };
  licensePlate: string | null;
  facility: {
    name: string;
    address: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    phone: string | null;
    tzo: number;
    taxRate: string;
    logoPath: string | null;
  };
  customer: {
    name: string;
    address: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    phone: string | null;
    email: string | null;
  } | null;
  signaturePath: string | null;
  repairs: { description: string; location: string | null; amount: string }[];
  parts: {
    partType: string | null;
    partNumber: string | null;
    description: string | null;
    price: string | null;
  }[];
}

/** The invoice as printed; 404 (the detail's text) when unknown. */
export async function loadPdfInvoice(db: Database, id: number): Promise<PdfInvoice> {
  const [invoice] = await db.rows<PdfInvoice>(
    sql`select i.id, i.replacement, i.open_date_time as "openDateTime", i.work_completed_at as "workCompletedAt",
          i.reference_number as "referenceNumber", i.claim_number as "claimNumber",
          i.policy_number as "policyNumber", x.name as insurer, i.license_plate as "licensePlate",
          json_build_object('year', i.vehicle_year, 'make', i.vehicle_make, 'model', i.vehicle_model,
            'vin', i.vin) as vehicle,
          json_build_object('name', f.name, 'address', f.address, 'city', f.city, 'state', f.state,
            'zip', f.zip, 'phone', f.did_phone, 'tzo', f.tzo, 'taxRate', f.tax_rate::text,
            'logoPath', f.logo_image_file) as facility,
          (select json_build_object('name', trim(coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name)),
             'address', c.address_line1, 'city', c.city, 'state', c.state, 'zip', c.zip,
             'phone', c.primary_phone, 'email', c.email)
           from customers c where c.id = coalesce(i.customer_id, i.buyer_id)) as customer,
          (select s.path from invoice_signatures s where s.invoice_id = i.id and s.kind = 'invoice'
           order by s.signed_at desc, s.id desc limit 1) as "signaturePath"
        from invoices i join facilities f on f.id = i.facility_id
        left join insurance_companies x on x.id = i.insurance_company_id
        where i.id = ${id}`,
  );
  if (!invoice) throw invoiceMissing(id);
  const [repairs, parts] = await Promise.all([
    db.rows<PdfInvoice['repairs'][number]>(
      sql`select description, location, amount::text as amount from invoice_repairs
          where invoice_id = ${id} order by line_number, id`,
    ),
    db.rows<PdfInvoice['parts'][number]>(
      sql`select t.name as "partType", p.part_number as "partNumber", p.description, p.price::text as price
          from replacement_parts p left join part_types t on t.id = p.part_type_id
          where p.invoice_id = ${id} order by p.id`,
    ),
  ]);
  return { ...invoice, repairs, parts };
}

/** Whole cents of a money text ('12.5' → 1250). */
export const cents = (value: string | null | undefined) => Math.round(Number(value ?? 0) * 100);

/**
 * The printed totals: labor is the sum of the repair lines, parts the sum of the part prices, tax the
 * facility's (labor) tax rate on labor, rounded to the cent.
 */
export function pdfTotals(invoice: Pick<PdfInvoice, 'repairs' | 'parts' | 'facility'>) {
  const labor = invoice.repairs.reduce((sum, r) => sum + cents(r.amount), 0);
  const parts = invoice.parts.reduce((sum, p) => sum + cents(p.price), 0);
  const tax = Math.round(labor * Number(invoice.facility.taxRate));
  return { labor, parts, tax, total: labor + parts + tax };
}
