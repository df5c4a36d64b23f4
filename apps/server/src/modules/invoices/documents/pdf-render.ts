import { formatDate, laborTax } from '@glass/domain';
import { formatPhone } from '@glass/domain/rules/phone-format';
import type { FileStore } from '../../../files/file-store.js';
import { unicodePdf } from '../../../pdf/unicode-fonts.js';
import { cents, type PdfInvoice, pdfTotals } from './pdf-data.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Money as printed: 123456 cents → '$1,234.56'. */
export const formatMoney = (cents: number) => usd.format(cents / 100);

const LEFT = 50;
const RIGHT = 562; // Letter width 612 minus the margin.
const AMOUNT_WIDTH = 100;

/** An image of the file store that pdfkit can draw (PNG or JPEG), or undefined. */
async function storedImage(files: FileStore, rel: string | null): Promise<Buffer | undefined> {
  if (!rel) return undefined;
  const file = await files.read(rel);
  if (!file || !['image/png', 'image/jpeg'].includes(file.mime)) return undefined;
  return file.data;
}

const line = (...parts: (string | number | null | undefined)[]) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(' ');
const cityLine = (a: { city: string | null; state: string | null; zip: string | null }) =>
  line(a.city ? `${a.city},` : null, a.state, a.zip);
/** The one phone formatter of the screens and the PDF: (281) 894-4520, +44 20 7946 0958, else as stored. */
const phone = (value: string | null | undefined) => formatPhone(value);

/**
 * Renders the invoice (spec 2 §3 detail) as a one- or more-page Letter PDF, in the embedded Unicode
 * fonts (pdf/unicode-fonts.ts), its dates on the facility's wall clock (its IANA time zone).
 */
export async function renderInvoicePdf(invoice: PdfInvoice, files: FileStore): Promise<Buffer> {
  const [logo, signature, approvalSignature] = await Promise.all([
    storedImage(files, invoice.facility.logoPath),
    storedImage(files, invoice.signaturePath),
    storedImage(files, invoice.approval?.path ?? null),
  ]);
  const { doc, pen, bytes } = unicodePdf({ margin: LEFT, info: { Title: `Invoice ${invoice.id}` } });

  const { facility, customer, vehicle } = invoice;
  const date = (v: string | null) => formatDate(v, 'MM/DD/YYYY', facility.timeZone);
  const top = doc.y;
  if (logo) doc.image(logo, LEFT, top, { fit: [140, 60] });
  const headerX = logo ? LEFT + 155 : LEFT;
  pen.font('bold', 14).text(facility.name, headerX, top);
  pen.font('regular', 9);
  for (const l of [facility.address, cityLine(facility), phone(facility.phone)]) if (l) pen.text(l, headerX);
  pen.font('bold', 18).text(`INVOICE #${invoice.id}`, LEFT, top, { align: 'right' });
  pen.font('regular', 9);
  pen.text(`Date: ${date(invoice.openDateTime)}`, { align: 'right' });
  if (invoice.workCompletedAt) pen.text(`Completed: ${date(invoice.workCompletedAt)}`, { align: 'right' });
  pen.text(invoice.replacement ? 'Replacement' : 'Repair', { align: 'right' });
  doc.y = Math.max(doc.y, top + 70);
  doc.moveDown();

  const section = (title: string, rows: [string, string | null | undefined][]) => {
    // No empty headings (#15 item 5): a section with nothing to show is left out.
    if (!rows.some(([, value]) => value)) return;
    pen.font('bold', 10).text(title, LEFT);
    pen.font('regular', 9);
    for (const [label, value] of rows) if (value) pen.text(`${label}: ${value}`, LEFT + 10);
    doc.moveDown(0.5);
  };
  section('Customer', [
    ['Name', customer?.name],
    ['Address', customer ? [customer.address, cityLine(customer)].filter(Boolean).join(', ') : null],
    ['Phone', phone(customer?.phone)],
    ['E-mail', customer?.email],
  ]);
  section('Vehicle', [
    ['Vehicle', line(vehicle.year, vehicle.make, vehicle.model)],
    ['VIN', vehicle.vin],
    ['License plate', invoice.licensePlate],
  ]);
  section('Insurance', [
    ['Company', invoice.insurer],
    ['Claim', invoice.claimNumber],
    ['Policy', invoice.policyNumber],
    ['Reference', invoice.referenceNumber],
  ]);

  const amountRow = (label: string, amount: number, bold = false) => {
    const y = doc.y;
    pen.font(bold ? 'bold' : 'regular', bold ? 11 : 9);
    pen.text(label, LEFT + 10, y, { width: RIGHT - LEFT - AMOUNT_WIDTH - 20 });
    const after = doc.y;
    pen.text(formatMoney(amount), RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };
  const rule = () => {
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).stroke();
    doc.moveDown(0.3);
  };
  pen.font('bold', 10).text('Repairs', LEFT);
  rule();
  if (invoice.repairs.length === 0) pen.font('regular', 9).text('No repairs', LEFT + 10);
  for (const r of invoice.repairs)
    amountRow(line(r.description, r.location ? `(${r.location})` : null), cents(r.amount));
  doc.moveDown(0.5);
  if (invoice.parts.length > 0) {
    pen.font('bold', 10).text('Replacement parts', LEFT);
    rule();
    for (const p of invoice.parts) amountRow(line(p.partType, p.partNumber, p.description), cents(p.price));
    doc.moveDown(0.5);
  }

  const totals = pdfTotals(invoice);
  rule();
  amountRow('Labor', totals.labor);
  amountRow('Parts', totals.parts);
  // The rate is named only when it is the one the stored tax was computed with.
  const rateNamed = laborTax(totals.labor, facility.taxRate) === totals.tax;
  amountRow(rateNamed ? `Tax (${(Number(facility.taxRate) * 100).toFixed(2)}% of labor)` : 'Tax', totals.tax);
  amountRow('Total', totals.total, true);
  if (totals.deductible !== 0 || totals.deposit !== 0) {
    if (totals.deductible !== 0) amountRow('Deductible', totals.deductible);
    if (totals.deposit !== 0) amountRow('Deposit', totals.deposit);
    amountRow('Balance', totals.balance, true);
  }

  if (signature) {
    doc.moveDown();
    pen.font('bold', 10).text('Customer signature', LEFT);
    doc.image(signature, LEFT, doc.y + 4, { fit: [220, 80] });
    doc.y += 88;
  }
  // The customer's approval from the public approval page (modules/approvals), with its date and name.
  if (invoice.approval && approvalSignature) {
    doc.moveDown();
    pen.font('bold', 10).text('Customer approval', LEFT);
    pen
      .font('regular', 9)
      .text(
        line(
          `Approved ${date(invoice.approval.signedAt)}`,
          invoice.approval.signerName ? `by ${invoice.approval.signerName}` : null,
        ),
        LEFT,
      );
    doc.image(approvalSignature, LEFT, doc.y + 4, { fit: [220, 80] });
  }
  doc.end();
  return bytes;
}
