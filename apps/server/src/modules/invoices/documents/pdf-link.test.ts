import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdfLink } from '@glass/domain/contracts/invoices';
import { auth, parseAs } from '../../../../test/harness.js';
import { LINK_SECONDS, PdfLinks } from './pdf-link.js';
import { createInvoice, type InvoiceTestContext } from '../test-helpers.js';
import { invoiceTestContext } from '../test-helpers.js';

let t: InvoiceTestContext;
let invoiceA: number;
let invoiceB: number;
beforeAll(async () => {
  t = await invoiceTestContext();
  invoiceA = (await createInvoice(t.app, t.admin)).id;
  invoiceB = (await createInvoice(t.app, t.admin)).id;
});
afterAll(() => t.app.close());

const askLink = (id: number | string, token?: string) =>
  t.app.inject({ method: 'POST', url: `/api/Invoices/${id}/pdf/link`, headers: token ? auth(token) : {} });
/** Opens a link as a browser tab would: no Authorization header. */
const open = (url: string) => t.app.inject({ method: 'GET', url });

async function linkFor(id: number, token: string): Promise<string> {
  const res = await askLink(id, token);
  expect(res.statusCode, res.body).toBe(200);
  return parseAs(invoicePdfLink, res).url;
}

/** The link with one query parameter replaced. */
function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}?${parsed.searchParams}`;
}

describe('invoice PDF at a signed link (#15 item 5)', () => {
  it('gives a reader a 60 s link naming the file; the link opens without a token, inline, as invoice-{id}.pdf', async () => {
    const res = await askLink(invoiceA, t.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.fileName).toBe(`invoice-${invoiceA}.pdf`);
    expect(body.url).toMatch(
      new RegExp(
        `^/api/Invoices/${invoiceA}/pdf/invoice-${invoiceA}\\.pdf\\?u=\\d+&exp=\\d+&sig=[0-9a-f]{64}$`,
      ),
    );
    expect(body.url).not.toContain(t.admin);
    const left = (Date.parse(body.expiresAt) - Date.now()) / 1000;
    expect(left).toBeGreaterThan(LINK_SECONDS - 5);
    expect(left).toBeLessThanOrEqual(LINK_SECONDS);

    const pdf = await open(body.url);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="invoice-${invoiceA}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a Reviewer (read-only) gets a link and opens it; asking without a token is 401', async () => {
    const url = await linkFor(invoiceA, t.reviewer);
    expect((await open(url)).statusCode).toBe(200);
    expect((await askLink(invoiceA)).statusCode).toBe(401);
  });

  it('an unknown invoice or a bad id is refused when the link is asked for', async () => {
    expect((await askLink(2_000_000_000, t.admin)).statusCode).toBe(404);
    const bad = await askLink('abc', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses a tampered signature, expiry or user with 403, and renders nothing', async () => {
    const url = await linkFor(invoiceA, t.admin);
    const q = new URL(url, 'http://x').searchParams;
    const sig = q.get('sig') as string;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const cases = [
      withParam(url, 'sig', flipped),
      withParam(url, 'sig', sig.toUpperCase().replace(/[0-9]/g, '0')),
      withParam(url, 'exp', String(Number(q.get('exp')) + 1)),
      withParam(url, 'u', String(Number(q.get('u')) + 1)),
    ];
    for (const tampered of cases) {
      const res = await open(tampered);
      expect([400, 403], tampered).toContain(res.statusCode);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).not.toContain('%PDF');
    }
  });

  it("another invoice's signature does not open this invoice (403), a wrong file name is 404", async () => {
    const url = await linkFor(invoiceA, t.admin);
    const query = url.slice(url.indexOf('?'));
    const other = await open(`/api/Invoices/${invoiceB}/pdf/invoice-${invoiceB}.pdf${query}`);
    expect(other.statusCode).toBe(403);
    const renamed = await open(`/api/Invoices/${invoiceA}/pdf/invoice-${invoiceB}.pdf${query}`);
    expect(renamed.statusCode).toBe(404);
  });

  it('an expired link, or one dated beyond a link lifetime, is 403', async () => {
    const db = t.app.deps.db;
    const key = t.app.deps.config.secretsKey;
    const [, userId] = /[?&]u=(\d+)/.exec(await linkFor(invoiceA, t.admin)) as RegExpExecArray;
    const past = new PdfLinks(db, key, () => Date.now() - (LINK_SECONDS + 2) * 1000);
    const expired = await open((await past.create(invoiceA, Number(userId))).url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().detail).toMatch(/expired/);
    const future = new PdfLinks(db, key, () => Date.now() + 3600 * 1000);
    expect((await open((await future.create(invoiceA, Number(userId))).url)).statusCode).toBe(403);
    // Signed with another key (another server's secret): 403.
    const foreign = new PdfLinks(db, 'another-secret-key-of-at-least-32-chars');
    expect((await open((await foreign.create(invoiceA, Number(userId))).url)).statusCode).toBe(403);
  });

  it('without a signature, or with a malformed one, is a 400 naming the field; never a 500', async () => {
    const base = `/api/Invoices/${invoiceA}/pdf/invoice-${invoiceA}.pdf`;
    const missing = await open(`${base}?u=1&exp=${Math.floor(Date.now() / 1000) + 30}`);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors ?? {})).toContain('sig');
    for (const q of [
      '?u=x&exp=1&sig=00',
      '?u=1&exp=1&sig=%00',
      `?u=1&exp=99999999999999999999&sig=${'a'.repeat(64)}`,
    ]) {
      const res = await open(`${base}${q}`);
      expect([400, 403], q).toContain(res.statusCode);
    }
  });
});

async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  return content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
}

describe('invoice PDF sections', () => {
  it('leaves out a section with nothing in it (no bare Insurance heading); shows it once filled', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    await t.app.deps.db.rows(
      sql`update invoices set insurance_company_id = null, claim_number = null, policy_number = null,
                 reference_number = null where id = ${id}`,
    );
    const open = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/Invoices/${id}/pdf`, headers: auth(token) });
    const bare = await pdfText((await open(t.admin)).rawPayload);
    expect(bare).toContain('Vehicle');
    expect(bare).not.toContain('Insurance');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/Invoices/${id}`,
      headers: auth(t.admin),
      payload: { claimNumber: 'CLM-77' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const filled = await pdfText((await open(t.admin)).rawPayload);
    expect(filled).toContain('Insurance');
    expect(filled).toContain('CLM-77');
  });
});
