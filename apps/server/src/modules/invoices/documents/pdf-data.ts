import { invoiceMoney, toCents } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/unit-of-work.js';
import { invoiceMissing } from '../invoice-record.js';

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
    /** IANA zone: the PDF's dates are printed on the facility's wall clock. */
    timeZone: string;
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
  /** The customer's latest approval (public approval page): signature, typed name, when. */
  approval: { path: string; signerName: string | null; signedAt: string } | null;
  /** The stored money columns (money texts), as the detail and the lists show them. */
  money: { labor: string; parts: string; tax: string; deductible: string | null; deposit: string | null };
  repairs: { description: string; location: string | null; amount: string }[];
  parts: {
    partType: string | null;
    partNumber: string | null;
    description: string | null;
    price: string | null;
  }[];
}

/** The invoice as printed; 404 (the detail's text) when unknown. */
export async function loadPdfInvoice(db: Db, id: number): Promise<PdfInvoice> {
  const [invoice] = await db.rows<PdfInvoice>(
    sql`select i.id, i.replacement, i.open_date_time as "openDateTime", i.work_completed_at as "workCompletedAt",
          i.reference_number as "referenceNumber", i.claim_number as "claimNumber",
          i.policy_number as "policyNumber", x.name as insurer, i.license_plate as "licensePlate",
          json_build_object('year', i.vehicle_year, 'make', i.vehicle_make, 'model', i.vehicle_model,
            'vin', i.vin) as vehicle,
          json_build_object('name', f.name, 'address', f.address, 'city', f.city, 'state', f.state,
            'zip', f.zip, 'phone', f.did_phone, 'tzo', f.tzo, 'timeZone', f.time_zone, 'taxRate', f.tax_rate::text,
            'logoPath', f.logo_image_file) as facility,
          json_build_object('labor', i.labor_cost::text, 'parts', i.parts_cost::text, 'tax', i.tax_cost::text,
            'deductible', i.deductible_amount::text, 'deposit', i.deposit_amount::text) as money,
          (select json_build_object('name', trim(coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name)),
             'address', c.address_line1, 'city', c.city, 'state', c.state, 'zip', c.zip,
             'phone', c.primary_phone, 'email', c.email)
           from customers c where c.id = coalesce(i.customer_id, i.buyer_id)) as customer,
          (select s.path from invoice_signatures s where s.invoice_id = i.id and s.kind in ('invoice', 'initiate')
           order by s.signed_at desc, s.id desc limit 1) as "signaturePath",
          (select json_build_object('path', s.path, 'signerName', s.signer_name, 'signedAt', s.signed_at)
           from invoice_signatures s where s.invoice_id = i.id and s.kind = 'approval'
           order by s.signed_at desc, s.id desc limit 1) as approval
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
export const cents = (value: string | null | undefined) => toCents(value);

/**
 * The printed totals: the invoice's stored labor, parts and tax (written by storeInvoiceMoney on every
 * change of the lines), totalled by the domain's invoiceMoney, so the PDF, the detail screen and the
 * lists' totalCost agree to the cent.
 */
export function pdfTotals(invoice: Pick<PdfInvoice, 'money'>) {
  const { money } = invoice;
  return invoiceMoney({
    labor: toCents(money.labor),
    parts: toCents(money.parts),
    tax: toCents(money.tax),
    deductible: money.deductible,
    deposit: money.deposit,
  });
}
