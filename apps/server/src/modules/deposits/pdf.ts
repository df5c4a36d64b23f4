import {
  type DepositSlipItem,
  depositSlip,
  formatDate,
  type MoneyTotals,
  transactionTypeLabel,
} from '@glass/domain';
import { formatCents } from '@glass/domain/rules/money-format';
import { formatPhone } from '@glass/domain/rules/phone-format';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { unicodePdf } from '../../pdf/unicode-fonts.js';

interface SlipItem extends DepositSlipItem {
  itemType: number;
  buyerName: string | null;
  vehicle: string | null;
  insurer: string | null;
}

interface SlipData {
  id: number;
  createdAt: string;
  createdBy: string;
  brand: string | null;
  facility: {
    name: string;
    address: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    phone: string | null;
    timeZone: string;
  } | null;
  items: SlipItem[];
}

/** What the slip prints, read in one statement (the items' money as stored: numeric text). */
async function slipData(db: Database, id: number): Promise<SlipData> {
  const [row] = await db.rows<{ slip: SlipData }>(
    sql`select json_build_object(
          'id', d.id, 'createdAt', d.created_at, 'createdBy', u.first_name || ' ' || u.last_name,
          'brand', (select b.name from brands b where b.id = f.brand_id),
          'facility', case when f.id is null then null else json_build_object('name', f.name, 'address', f.address,
            'city', f.city, 'state', f.state, 'zip', f.zip, 'phone', f.did_phone, 'timeZone', f.time_zone) end,
          'items', (select coalesce(json_agg(json_build_object(
              'invoiceId', di.invoice_id, 'paymentTypeId', di.payment_type_id, 'itemType', di.item_type,
              'laborCost', di.labor_cost::text, 'partsCost', di.parts_cost::text, 'taxCost', di.tax_cost::text,
              'totalCost', di.total_cost::text, 'buyerName', di.buyer_name, 'vehicle', di.vehicle,
              'insurer', (select ic.name from insurance_companies ic where ic.id = di.insurance_company_id))
              order by di.invoice_id), '[]'::json)
            from deposit_invoice_items di where di.deposit_invoice_id = d.id)) as slip
        from deposit_invoices d join users u on u.id = d.created_by_id
        left join facilities f on f.id = d.facility_id
        where d.id = ${id}`,
  );
  if (!row) throw notFound(`Deposit ${id} not found.`);
  return row.slip;
}

// Letter landscape (792 × 612): room for the names and for money up to $9,999,999.99 in full.
const LEFT = 40;
const RIGHT = 752;
const BOTTOM = 612 - 40;
/** The table's columns (widths add up to RIGHT − LEFT); money right-aligned and never cut. */
const COLUMNS = [
  { key: 'invoice', title: 'Invoice #', width: 52 },
  { key: 'buyer', title: 'Sold to', width: 120 },
  { key: 'vehicle', title: 'Vehicle', width: 108 },
  { key: 'insurer', title: 'Insurance', width: 112 },
  { key: 'type', title: 'Type', width: 56 },
  { key: 'labor', title: 'Labor', width: 64, money: true },
  { key: 'parts', title: 'Parts', width: 64, money: true },
  { key: 'tax', title: 'Tax', width: 64, money: true },
  { key: 'total', title: 'Total', width: 72, money: true },
] as const;
type Cells = Partial<Record<(typeof COLUMNS)[number]['key'], string>>;

const moneyCells = (m: MoneyTotals): Cells => ({
  labor: formatCents(m.labor),
  parts: formatCents(m.parts),
  tax: formatCents(m.tax),
  total: formatCents(m.total),
});

/**
 * The deposit slip (issue #20): brand, facility, date (on the facility's wall clock), creator, then one line
 * per item grouped by payment type with each group's subtotals, and the deposit's total. Every figure comes
 * from the domain's deposit slip (integer cents, invoice-money.ts), printed by its one money formatter.
 * Letter landscape, the embedded Unicode fonts (pdf/unicode-fonts.ts); the column header repeats on every page.
 */
export async function renderDepositSlip(db: Database, id: number): Promise<Buffer> {
  const data = await slipData(db, id);
  const slip = depositSlip(data.items);
  const { doc, pen, bytes } = unicodePdf({
    margin: LEFT,
    layout: 'landscape',
    info: { Title: `Deposit ${data.id}` },
  });

  const { facility } = data;
  const top = doc.y;
  pen.font('bold', 16).text(data.brand ?? facility?.name ?? 'Deposit', LEFT, top);
  pen.font('regular', 9);
  if (facility) {
    if (data.brand) pen.text(facility.name);
    const cityLine = [facility.city ? `${facility.city},` : null, facility.state, facility.zip].filter(
      Boolean,
    );
    for (const l of [facility.address, cityLine.join(' '), formatPhone(facility.phone)]) if (l) pen.text(l);
  }
  pen.font('bold', 16).text(`DEPOSIT #${data.id}`, LEFT, top, { align: 'right' });
  pen.font('regular', 9);
  pen.text(`Date: ${formatDate(data.createdAt, 'MM/DD/YYYY', facility?.timeZone)}`, { align: 'right' });
  pen.text(`Prepared by: ${data.createdBy}`, { align: 'right' });
  pen.text(`${slip.count} ${slip.count === 1 ? 'invoice' : 'invoices'}`, { align: 'right' });
  doc.y = Math.max(doc.y, top + 64);
  doc.moveDown();

  const row = (cells: Cells, bold = false) => {
    if (doc.y + 14 > BOTTOM) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    pen.font(bold ? 'bold' : 'regular', 8);
    let x = LEFT;
    for (const column of COLUMNS) {
      const value = cells[column.key];
      const money = 'money' in column;
      if (value)
        pen.text(value, x, y, {
          width: column.width - 6,
          align: money ? 'right' : 'left',
          lineBreak: false,
          // A name too long for its column ends in '…'; a figure is never cut.
          ellipsis: !money,
          height: 10,
        });
      x += column.width;
    }
    doc.x = LEFT;
    doc.y = y + 13;
  };
  const rule = () => {
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).stroke();
    doc.y += 3;
  };
  const header = () => {
    row(Object.fromEntries(COLUMNS.map((c) => [c.key, c.title])) as Cells, true);
    rule();
  };

  header();
  if (slip.groups.length === 0) row({ buyer: 'No invoices' });
  for (const group of slip.groups) {
    if (doc.y + 40 > BOTTOM) {
      doc.addPage();
      header();
    }
    pen.font('bold', 9).text(`${group.label} (${group.items.length})`, LEFT, doc.y + 2);
    doc.y += 2;
    for (const { item, money } of group.items)
      row({
        invoice: String(item.invoiceId),
        buyer: item.buyerName ?? '',
        vehicle: item.vehicle ?? '',
        insurer: item.insurer ?? '',
        type: transactionTypeLabel(item.itemType),
        ...moneyCells(money),
      });
    rule();
    row({ buyer: `Subtotal ${group.label}`, ...moneyCells(group.subtotal) }, true);
    doc.y += 4;
  }
  rule();
  row({ buyer: 'Total', ...moneyCells(slip.total) }, true);
  doc.moveDown();
  pen
    .font('bold', 12)
    .text(`Deposit total: ${formatCents(slip.total.total)}`, LEFT, doc.y, { align: 'right' });
  doc.end();
  return bytes;
}
