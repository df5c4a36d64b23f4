import type { PublicBrand, PublicWork } from '@glass/domain/contracts/approvals';
import { approvalPriceKey } from '@glass/domain/rules/approvals';
import { invoiceMoney, toCents } from '@glass/domain/rules/invoice-money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';
import type { FileStore } from '../../files/file-store.js';

/** What a public page needs to know about its invoice besides what it shows. */
export interface PublicInvoiceFacts {
  id: number;
  void: boolean;
  lost: boolean;
  finalized: boolean;
  customerId: number | null;
  customerName: string;
  priceKey: string;
}

export interface PublicInvoicePage {
  facts: PublicInvoiceFacts;
  brand: PublicBrand;
  customerFirstName: string;
  work: PublicWork;
}

/** The logo as shown at most: a data: URL of the thumbnail (or the image), skipped above this size. */
const LOGO_MAX_BYTES = 256 * 1024;

/**
 * The invoice as a customer's page shows it: the brand (name, the facility's logo as a data: URL, the
 * facility and its phone), the customer's first name, the vehicle, the repair lines and parts with their
 * amounts and the money computed by the domain (invoiceMoney over the stored labor, parts and tax; the
 * customer's share is the deductible). Nothing else leaves: no ids, staff, notes or claim numbers.
 */
export async function loadPublicInvoice(
  db: Db,
  files: FileStore,
  invoiceId: number,
): Promise<PublicInvoicePage | undefined> {
  const [row] = await db.rows<{
    id: number;
    void: boolean;
    lost: boolean;
    finalized: boolean;
    replacement: boolean;
    customerId: number | null;
    firstName: string | null;
    customerName: string | null;
    vehicle: string;
    brand: string | null;
    company: string | null;
    facility: string;
    phone: string | null;
    logoPath: string | null;
    insurer: string | null;
    labor: string;
    parts: string;
    tax: string;
    deductible: string | null;
    repairs: { description: string; location: string | null; amount: string }[];
    partLines: { description: string | null; amount: string | null }[];
  }>(
    sql`select i.id, i.void, i.lost, i.finalized, i.replacement, c.id as "customerId",
          c.first_name as "firstName",
          trim(coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name)) as "customerName",
          trim(concat_ws(' ', i.vehicle_year, i.vehicle_make, i.vehicle_model)) as vehicle,
          b.name as brand, (select o.value from options o where o.name = 'CompanyName') as company,
          f.name as facility, f.did_phone as phone, f.logo_image_file as "logoPath", x.name as insurer,
          i.labor_cost::text as labor, i.parts_cost::text as parts, i.tax_cost::text as tax,
          i.deductible_amount::text as deductible,
          (select coalesce(json_agg(json_build_object('description', r.description, 'location', r.location,
             'amount', r.amount::text) order by r.line_number, r.id), '[]')
           from invoice_repairs r where r.invoice_id = i.id) as repairs,
          (select coalesce(json_agg(json_build_object('description',
             nullif(concat_ws(' ', t.name, p.description), ''), 'amount', p.price::text) order by p.id), '[]')
           from replacement_parts p left join part_types t on t.id = p.part_type_id where p.invoice_id = i.id)
            as "partLines"
        from invoices i join facilities f on f.id = i.facility_id
        left join brands b on b.id = f.brand_id
        left join customers c on c.id = coalesce(i.customer_id, i.buyer_id)
        left join insurance_companies x on x.id = i.insurance_company_id
        where i.id = ${invoiceId}`,
  );
  if (!row) return undefined;
  const money = invoiceMoney({
    labor: toCents(row.labor),
    parts: toCents(row.parts),
    tax: toCents(row.tax),
    deductible: row.deductible,
  });
  return {
    facts: {
      id: row.id,
      void: row.void,
      lost: row.lost,
      finalized: row.finalized,
      customerId: row.customerId,
      customerName: row.customerName ?? '',
      priceKey: approvalPriceKey(money),
    },
    brand: {
      name: row.brand ?? row.company ?? row.facility,
      logo: await logoDataUrl(db, files, row.logoPath),
      facility: row.facility,
      phone: row.phone,
    },
    customerFirstName: row.firstName?.trim() ?? '',
    work: {
      vehicle: row.vehicle,
      replacement: row.replacement,
      repairs: row.repairs.map((r) => ({
        description: [r.description, r.location ? `(${r.location})` : null].filter(Boolean).join(' '),
        amount: toCents(r.amount),
      })),
      parts: row.partLines.map((p) => ({ description: p.description ?? 'Part', amount: toCents(p.amount) })),
      labor: money.labor,
      partsTotal: money.parts,
      tax: money.tax,
      total: money.total,
      customerShare: money.deductible,
      insurer: row.insurer,
    },
  };
}

/** The logo as a data URL; read through `db`, the caller's unit of work when it is in one (the customer's answer). */
async function logoDataUrl(db: Db, files: FileStore, rel: string | null): Promise<string | null> {
  if (!rel) return null;
  const file = await files.find(rel, db);
  if (!file) return null;
  const opened = await files.open(file, { thumb: true });
  if (!opened || !['image/png', 'image/jpeg', 'image/webp', 'image/gif'].includes(opened.mime)) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of opened.stream) {
    size += chunk.length;
    if (size > LOGO_MAX_BYTES) {
      opened.stream.destroy();
      return null;
    }
    chunks.push(Buffer.from(chunk));
  }
  return `data:${opened.mime};base64,${Buffer.concat(chunks).toString('base64')}`;
}
