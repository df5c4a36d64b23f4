import { randomBytes } from 'node:crypto';
import {
  type RemittanceImport,
  type RemittanceUploadResult,
  remittanceImport,
  remittanceUploadResult,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { auth, parseAs } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import type { App } from '../../app-type.js';
import { csvText } from '../dms-imports/test-helpers.js';
import { insertInvoice } from '../reconcile/test-helpers.js';

export { csvText };

/** A claim-number prefix of this run, so the shared PostgreSQL database keeps every run's lines apart. */
export const runTag = () => `RM${randomBytes(4).toString('hex').toUpperCase()}`;

export const HEADER = ['Claim #', 'Invoice No', 'Amount Paid', 'Billed', 'Check Date', 'EFT #'];
export const MAPPING = {
  claimNumber: 0,
  invoiceNumber: 1,
  paidAmount: 2,
  billedAmount: 3,
  paidOn: 4,
  checkNumber: 5,
};

/** An invoice of the test's own with a claim number; answers its id and what the insurer owes in cents. */
export async function claimInvoice(
  app: App,
  o: {
    claim: string | null;
    labor: number;
    facilityId?: number;
    deductibleCents?: number;
    insurerId?: number;
  },
): Promise<{ id: number; owedCents: number }> {
  const id = await insertInvoice(app, {
    labor: o.labor,
    facilityId: o.facilityId,
    paymentTypeId: 1,
    insuranceCompanyId: o.insurerId ?? null,
  });
  await app.deps.db.rows(
    sql`update invoices set claim_number = ${o.claim},
          deductible_amount = ${o.deductibleCents ? (o.deductibleCents / 100).toFixed(2) : null}::numeric
        where id = ${id}`,
  );
  const [row] = await app.deps.db.rows<{ owed: string }>(
    sql`select ((total_cost - coalesce(deductible_amount, 0)) * 100)::bigint::text as owed from invoices where id = ${id}`,
  );
  return { id, owedCents: Number(row.owed) };
}

export const money = (cents: number) => (cents / 100).toFixed(2);

export function uploadRemittanceFile(
  app: App,
  token: string,
  file: { name: string; data: Buffer | string; type?: string },
  clearingHouseId?: number,
) {
  const body = multipart(clearingHouseId ? { ClearingHouseId: String(clearingHouseId) } : {}, {
    name: file.name,
    type: file.type ?? 'text/csv',
    data: Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
    field: 'File',
  });
  return app.inject({
    method: 'POST',
    url: '/api/Remittances',
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

export async function uploadRemittance(
  app: App,
  token: string,
  file: { name: string; data: Buffer | string },
  clearingHouseId?: number,
): Promise<RemittanceUploadResult> {
  const res = await uploadRemittanceFile(app, token, file, clearingHouseId);
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return parseAs(remittanceUploadResult, res);
}

export async function getRemittance(app: App, token: string, id: number): Promise<RemittanceImport> {
  const res = await app.inject({ method: 'GET', url: `/api/Remittances/${id}`, headers: auth(token) });
  return parseAs(remittanceImport, res);
}

/** Polls the import until the job has finished it. */
export async function settledRemittance(app: App, token: string, id: number, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const imp = await getRemittance(app, token, id);
    if (imp.state !== 'queued' && imp.state !== 'running') return imp;
    if (Date.now() > end) throw new Error(`remittance import ${id} still ${imp.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Upload, start with the mapping, wait: the finished import. */
export async function importRemittance(
  app: App,
  token: string,
  csv: string,
  clearingHouseId?: number,
  mapping: Record<string, number> = MAPPING,
) {
  const up = await uploadRemittance(app, token, { name: 'remit.csv', data: csv }, clearingHouseId);
  const res = await app.inject({
    method: 'POST',
    url: `/api/Remittances/${up.import.id}/start`,
    headers: auth(token),
    payload: { mapping },
  });
  if (res.statusCode !== 200) throw new Error(`start: ${res.statusCode} ${res.body}`);
  return settledRemittance(app, token, up.import.id);
}
