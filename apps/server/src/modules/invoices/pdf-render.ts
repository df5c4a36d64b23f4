import fs from 'node:fs/promises';
import { formatDate } from '@glass/domain';
import PDFDocument from 'pdfkit';
import type { FileStore } from '../../files/file-store.js';
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
  const file = await files.find(rel);
  if (!file || !['image/png', 'image/jpeg'].includes(file.mime)) return undefined;
  return fs.readFile(file.absolutePath);
}

const line = (...parts: (string | number | null | undefined)[]) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(' ');
const cityLine = (a: { city: string | null; state: string | null; zip: string | null }) =>
  line(a.city ? `${a.city},` : null, a.state, a.zip);
/** US phone digits as (281) 894-4520; anything else as stored. */
const phone = (digits: string | null | undefined) =>
  digits && /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;

/** Renders the invoice (spec 2 §3 detail) as a one- or more-page Letter PDF. */
export async function renderInvoicePdf(invoice: PdfInvoice, files: FileStore): Promise<Buffer> {
  const [logo, signature] = await Promise.all([
    storedImage(files, invoice.facility.logoPath),
    storedImage(files, invoice.signaturePath),
  ]);
  const doc = new PDFDocument({ size: 'LETTER', margin: LEFT, info: { Title: `Invoice ${invoice.id}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { facility, customer, vehicle } = invoice;
  const date = (v: string | null) => formatDate(v, 'MM/DD/YYYY', facility.tzo);
  const top = doc.y;
  if (logo) doc.image(logo, LEFT, top, { fit: [140, 60] });
  const headerX = logo ? LEFT + 155 : LEFT;
  doc.font('Helvetica-Bold').fontSize(14).text(facility.name, headerX, top);
  doc.font('Helvetica').fontSize(9);
  for (const l of [facility.address, cityLine(facility), phone(facility.phone)]) if (l) doc.text(l, headerX);
  doc.font('Helvetica-Bold').fontSize(18).text(`INVOICE #${invoice.id}`, LEFT, top, { align: 'right' });
  doc.font('Helvetica').fontSize(9);
  doc.text(`Date: ${date(invoice.openDateTime)}`, { align: 'right' });
  if (invoice.workCompletedAt) doc.text(`Completed: ${date(invoice.workCompletedAt)}`, { align: 'right' });
  doc.text(invoice.replacement ? 'Replacement' : 'Repair', { align: 'right' });
  doc.y = Math.max(doc.y, top + 70);
  doc.moveDown();

  const section = (title: string, rows: [string, string | null | undefined][]) => {
    doc.font('Helvetica-Bold').fontSize(10).text(title, LEFT);
    doc.font('Helvetica').fontSize(9);
    for (const [label, value] of rows) if (value) doc.text(`${label}: ${value}`, LEFT + 10);
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
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
    doc.text(label, LEFT + 10, y, { width: RIGHT - LEFT - AMOUNT_WIDTH - 20 });
    const after = doc.y;
    doc.text(formatMoney(amount), RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };
  const rule = () => {
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).stroke();
    doc.moveDown(0.3);
  };
  doc.font('Helvetica-Bold').fontSize(10).text('Repairs', LEFT);
  rule();
  if (invoice.repairs.length === 0)
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('No repairs', LEFT + 10);
  for (const r of invoice.repairs)
    amountRow(line(r.description, r.location ? `(${r.location})` : null), cents(r.amount));
  doc.moveDown(0.5);
  if (invoice.parts.length > 0) {
    doc.font('Helvetica-Bold').fontSize(10).text('Replacement parts', LEFT);
    rule();
    for (const p of invoice.parts) amountRow(line(p.partType, p.partNumber, p.description), cents(p.price));
    doc.moveDown(0.5);
  }

  const totals = pdfTotals(invoice);
  rule();
  amountRow('Labor', totals.labor);
  amountRow('Parts', totals.parts);
  amountRow(`Tax (${(Number(facility.taxRate) * 100).toFixed(2)}% of labor)`, totals.tax);
  amountRow('Total', totals.total, true);

  if (signature) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(10).text('Customer signature', LEFT);
    doc.image(signature, LEFT, doc.y + 4, { fit: [220, 80] });
  }
  doc.end();
  return done;
}
