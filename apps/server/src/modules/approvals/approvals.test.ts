import {
  customerApprovalRow,
  invalidLink,
  publicApproval,
  requestedApproval,
} from '@glass/domain/contracts/approvals';
import { odataPage } from '@glass/domain/contracts/common';
import { pendingAlerts } from '@glass/domain/contracts/alerts';
import {
  ALREADY_ANSWERED,
  approvalDoNotEmail,
  approvalDoNotText,
  INVALID_LINK_TITLE,
} from '@glass/domain/messages/approvals';
import { approvalState } from '@glass/domain/rules/approvals';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, parseAs } from '../../../test/harness.js';
import { multipart, PNG_1X1 } from '../../../test/multipart.js';
import { invoiceClient, type InvoiceTestContext, invoiceTestContext } from '../invoices/test-helpers.js';
import { STATE_SQL } from './sql.js';
import { invoiceWithWork, outboxOf, publicCall, SIGNATURE } from './test-helpers.js';

/**
 * Customer approvals (issue #19): requests by text and e-mail through the outbox, the public approval
 * page's one answer, expiry and voiding, the list, and what the public answers leave out.
 */
let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;

beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

const requestSms = (invoiceId: number, phoneNumber = '(713) 555-0142', token = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customerApprovals/requestApprovalSms',
    headers: auth(token),
    payload: { invoiceId, phoneNumber },
  });
const requestEmail = (invoiceId: number, emailAddress: string, token = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customerApprovals/requestApprovalEmail',
    headers: auth(token),
    payload: { invoiceId, emailAddress },
  });
const view = (guid: string) => publicCall(t.app, 'GET', `/api/public/approvals/${guid}`);
const answer = (guid: string, body: object) =>
  publicCall(t.app, 'POST', `/api/public/approvals/${guid}/answer`, body);
const listRow = async (guid: string) =>
  parseAs(
    odataPage(customerApprovalRow),
    await t.app.inject({
      method: 'GET',
      url: `/api/customerApprovals?$filter=id eq ${guid}`,
      headers: auth(t.admin),
    }),
  ).value[0];

async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return pages.join('\n');
}

describe('requesting an approval', () => {
  it('by text: a random v4 guid, the outbox holds the approval template with the absolute link', async () => {
    const { id } = await invoiceWithWork(t.app, t.admin);
    const res = await requestSms(id);
    expect(res.statusCode).toBe(200);
    const approval = parseAs(requestedApproval, res);
    expect(approval.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(approval).toMatchObject({
      invoiceId: id,
      channel: 'sms',
      sentTo: '7135550142',
      state: 'sent',
      requestedById: 101,
      link: `${t.app.deps.config.publicBaseUrl}/sign-approval/${approval.id}`,
    });
    expect(approval.link).toMatch(/^https?:\/\//);
    // Valid ApprovalLinkValidDays (14) days.
    const days = (Date.parse(approval.expiresAt) - Date.parse(approval.sentAt)) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    const texts = (await outboxOf(t.app, id)).filter((m) => m.channel === 'sms');
    const text = texts.at(-1)!;
    expect(text.toAddress).toBe('7135550142');
    // The seeded "Repair Approval Text": Hi {firstName}, please approve … for your {vehicle}: {link}
    expect(text.body).toMatch(
      /^Hi Pat, please approve the windshield repair for your .*Honda Accord: https?:\/\//,
    );
    expect(text.body.endsWith(approval.link)).toBe(true);
    const history = (await api.get(`/api/InvoicesHistory?InvoiceId=${id}`, t.admin)).json();
    expect(history[0]).toMatchObject({
      activity: 'Approval request texted to 7135550142',
      contactItem: true,
    });
  });

  it("the seed's approvals carry v4 guids as the API's do", async () => {
    const [seeded] = await t.app.deps.db.rows<{ all: number; v4: number }>(
      sql`select count(*)::int as "all",
        count(*) filter (where id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$')::int as v4
        from customer_approvals where sent_by_user_id is not null`,
    );
    expect(seeded.all).toBeGreaterThan(0);
    expect(seeded.v4).toBe(seeded.all);
  });

  it('by e-mail: through the brand mailbox, the link in the body', async () => {
    const { id, customerId } = await invoiceWithWork(t.app, t.admin);
    const res = await requestEmail(id, 'pat.testcase@example.com');
    expect(res.statusCode).toBe(200);
    const approval = parseAs(requestedApproval, res);
    expect(approval).toMatchObject({ channel: 'email', sentTo: 'pat.testcase@example.com', state: 'sent' });
    const mail = (await outboxOf(t.app, id)).filter((m) => m.channel === 'email').at(-1)!;
    expect(mail.subject).toBe('Please approve your glass work');
    expect(mail.body).toContain(approval.link);
    // The first e-mail to a new address of a customer whose consent is unknown carries the opt-in link.
    expect(approval.optInLinkSent).toBe(true);
    expect(mail.body).toMatch(/customer-opt-in\/[A-Za-z0-9_-]{22}/);
    const [optIn] = await t.app.deps.db.rows<{ email: string }>(
      sql`select email from customer_opt_ins where customer_id = ${customerId}`,
    );
    expect(optIn.email).toBe('pat.testcase@example.com');
  });

  it('refuses do-not-text and do-not-email customers with a clear 409, and checks its input', async () => {
    const { id, customerId } = await invoiceWithWork(t.app, t.admin);
    await api.patch(`/api/Invoices/${id}`, t.admin, {
      customer: { id: customerId, doNotText: true, doNotEmail: true },
    });
    const sms = await requestSms(id);
    expect(sms.statusCode).toBe(409);
    expect(sms.json().detail).toBe(approvalDoNotText(id));
    const mail = await requestEmail(id, 'pat@example.com');
    expect(mail.statusCode).toBe(409);
    expect(mail.json().detail).toBe(approvalDoNotEmail(id));
    expect(await outboxOf(t.app, id)).toEqual([]);
    expect((await requestSms(id, 'abc')).statusCode).toBe(400);
    // Numbers no provider can text are refused before anything is queued or written to the history.
    for (const bad of ['00000101', '00000101000000', '1234567890', '555-0142']) {
      const res = await requestSms(id, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors).toHaveProperty('phoneNumber');
    }
    expect(await outboxOf(t.app, id)).toEqual([]);
    expect((await requestEmail(id, 'not-mail')).json().errors).toHaveProperty('emailAddress');
    expect((await requestSms(2_000_000_000)).statusCode).toBe(404);
    // Reviewers read approvals but may not request them.
    expect((await requestSms(id, '7135550142', t.reviewer)).statusCode).toBe(403);
  });
});

describe('the approval page', () => {
  it('shows the work and money, records the first view once, and carries no ids or staff names', async () => {
    const { id } = await invoiceWithWork(t.app, t.admin);
    const approval = parseAs(requestedApproval, await requestSms(id));
    const first = await view(approval.id);
    expect(first.statusCode).toBe(200);
    const page = parseAs(publicApproval, first);
    expect(page.state).toBe('open');
    expect(page.customerFirstName).toBe('Pat');
    // The service vehicle's two repairs (no amount yet) and the one priced here.
    expect(page.work?.repairs).toContainEqual({ description: 'Chip repair (Driver side)', amount: 12000 });
    // Money from the domain: labor 120.00, tax at the facility rate, total, the deductible as the customer's share.
    const detail = (await api.get(`/api/Invoices/${id}`, t.admin)).json();
    expect(page.work).toMatchObject({
      labor: 12000,
      total: Math.round(detail.totalCost * 100),
      customerShare: 5000,
      insurer: expect.any(String),
    });
    const viewed = await listRow(approval.id);
    expect(viewed.state).toBe('viewed');
    expect(viewed.pageViewedAt).not.toBeNull();
    expect(viewed.userAgent).toContain('iPhone');
    await view(approval.id);
    expect((await listRow(approval.id)).pageViewedAt).toBe(viewed.pageViewedAt);
    // Only what the page shows: no ids of any kind, no staff names.
    const text = JSON.stringify({ ...page, brand: { ...page.brand, logo: null } });
    for (const hidden of [`"id"`, `"invoiceId"`, 'Whitfield', 'Diane', 'customerId', 'notes'])
      expect(text).not.toContain(hidden);
    // The invoice's number as a number of its own (the digits may occur inside a phone number).
    expect(text).not.toMatch(new RegExp(`(?<![0-9])${id}(?![0-9])`));
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("answers for a facility with a logo (the page's logo read inside the answer's transaction)", async () => {
    const { id } = await invoiceWithWork(t.app, t.admin);
    const [{ facilityId }] = await t.app.deps.db.rows<{ facilityId: number }>(
      sql`select facility_id as "facilityId" from invoices where id = ${id}`,
    );
    const logo = multipart(
      { facilityId: String(facilityId) },
      { name: 'logo.png', type: 'image/png', data: PNG_1X1 },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/facilities/uploadLogo',
      headers: { ...auth(t.admin), ...logo.headers },
      payload: logo.payload,
    });
    expect(up.statusCode, up.body).toBeLessThan(300);
    const approval = parseAs(requestedApproval, await requestSms(id, '7135550144', t.leadTech));
    expect(parseAs(publicApproval, await view(approval.id)).brand.logo).toMatch(/^data:image\//);
    // On PGlite the transaction holds the only connection: the logo read outside it waited for it forever.
    const res = await answer(approval.id, { response: 'decline', comments: 'Not now' });
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(publicApproval, res)).toMatchObject({ state: 'declined' });
  });

  it('approve with a signature: stored, readable by staff, in the PDF, and the requester is alerted', async () => {
    const { id } = await invoiceWithWork(t.app, t.admin);
    const approval = parseAs(requestedApproval, await requestSms(id, '7135550143', t.leadTech));
    const res = await answer(approval.id, {
      response: 'approve',
      signature: SIGNATURE,
      signerName: 'Pat Testcase',
      comments: 'Go ahead',
    });
    expect(res.statusCode).toBe(200);
    expect(parseAs(publicApproval, res)).toMatchObject({ state: 'approved', work: null });
    const row = await listRow(approval.id);
    expect(row).toMatchObject({
      state: 'approved',
      approved: true,
      declined: false,
      response: 'Approved',
      responseComments: 'Go ahead',
      hasSignature: true,
      signerName: 'Pat Testcase',
    });
    expect(row.responseReceivedAt).not.toBeNull();
    expect(row.clientIp).toMatch(/^172\./);
    const png = await t.app.inject({
      method: 'GET',
      url: `/api/customerApprovals/${approval.id}/signature`,
      headers: auth(t.reviewer),
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const pdf = await t.app.inject({ method: 'GET', url: `/api/Invoices/${id}/pdf`, headers: auth(t.admin) });
    expect(await pdfText(pdf.rawPayload)).toMatch(
      /Customer approval[\s\S]*Approved \d\d\/\d\d\/\d{4} by Pat Testcase/,
    );
    const history = (await api.get(`/api/InvoicesHistory?InvoiceId=${id}`, t.admin)).json();
    expect(history[0]).toMatchObject({
      activity: 'Customer approved the work',
      user: null,
      contactItem: true,
    });
    // The lead technician who asked gets a NewMessage alert about the invoice, from the customer.
    const alerts = parseAs(
      pendingAlerts,
      await t.app.inject({ method: 'GET', url: '/api/self/alerts', headers: auth(t.leadTech) }),
    );
    expect(alerts.find((a) => a.type === 'NewMessage' && a.recordId === id)).toMatchObject({
      recordType: 'Invoice',
      senderName: 'Pat Testcase',
    });
    // An approval answers once.
    const again = await answer(approval.id, { response: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(ALREADY_ANSWERED);
    expect(parseAs(publicApproval, await view(approval.id)).state).toBe('approved');
  });

  it('decline with comments; approving needs a signature', async () => {
    const { id } = await invoiceWithWork(t.app, t.admin);
    const approval = parseAs(requestedApproval, await requestSms(id));
    const unsigned = await answer(approval.id, { response: 'approve' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().errors).toHaveProperty('signature');
    const notPng = await answer(approval.id, {
      response: 'approve',
      signature: 'data:image/png;base64,AAAA',
    });
    expect(notPng.statusCode).toBe(400);
    const res = await answer(approval.id, { response: 'decline', comments: 'Too expensive' });
    expect(res.statusCode).toBe(200);
    expect(parseAs(publicApproval, res).state).toBe('declined');
    expect(await listRow(approval.id)).toMatchObject({
      state: 'declined',
      declined: true,
      approved: false,
      response: 'Declined',
      responseComments: 'Too expensive',
      hasSignature: false,
    });
  });
});

describe('links that no longer open', () => {
  const sameNeutralPage = async (guid: string) => {
    const res = await view(guid);
    expect(res.statusCode).toBe(404);
    const body = parseAs(invalidLink, res);
    expect(body.title).toBe(INVALID_LINK_TITLE);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body;
  };

  it('unknown, malformed, expired, replaced and re-priced links all answer the same neutral 404', async () => {
    const unknown = await sameNeutralPage('0b0c2a4e-5d6f-4a8b-9c0d-1e2f3a4b5c6d');
    expect(await sameNeutralPage('not-a-guid')).toBe(unknown);
    expect(await sameNeutralPage("1' or '1'='1")).toBe(unknown);

    const { id } = await invoiceWithWork(t.app, t.admin);
    const expired = parseAs(requestedApproval, await requestSms(id));
    await t.app.deps.db.rows(
      sql`update customer_approvals set expires_at = now() - interval '1 second' where id = ${expired.id}::uuid`,
    );
    expect(await sameNeutralPage(expired.id)).toBe(unknown);
    expect((await listRow(expired.id)).state).toBe('expired');
    expect((await answer(expired.id, { response: 'decline' })).statusCode).toBe(404);

    // A newer request replaces the open one.
    const first = parseAs(requestedApproval, await requestSms(id));
    const second = parseAs(requestedApproval, await requestSms(id));
    expect(await listRow(first.id)).toMatchObject({
      state: 'voided',
      voidReason: 'Replaced by a newer request',
    });
    expect(await sameNeutralPage(first.id)).toBe(unknown);

    // The invoice's amounts change after sending: voided where the money is stored, never an old price.
    const repair = (await api.get(`/api/Invoices/${id}`, t.admin)).json().repairs[0];
    await api.put(`/api/InvoiceRepairs/${repair.id}`, t.admin, { amount: 150 });
    expect(await listRow(second.id)).toMatchObject({
      state: 'voided',
      voidReason: "The invoice's price changed",
    });
    expect(await sameNeutralPage(second.id)).toBe(unknown);

    // The customer's share changes (deductible): the state follows the price even without a stored void.
    const third = parseAs(requestedApproval, await requestSms(id));
    expect(parseAs(publicApproval, await view(third.id)).state).toBe('open');
    await api.patch(`/api/Invoices/${id}`, t.admin, { deductibleAmount: 75 });
    expect((await listRow(third.id)).state).toBe('voided');
    expect(await sameNeutralPage(third.id)).toBe(unknown);
    expect((await answer(third.id, { response: 'approve', signature: SIGNATURE })).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('filters by state, facility and date, newest first, with who requested it', async () => {
    const { id } = await invoiceWithWork(t.app, t.admin);
    const approval = parseAs(requestedApproval, await requestSms(id, '7135550150', t.adminAssistant));
    const since = new Date(Date.parse(approval.sentAt) - 1000).toISOString();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customerApprovals?$filter=${encodeURIComponent(
        `state eq 'sent' and facilityId eq 1 and sentAt ge ${since} and invoiceId eq ${id}`,
      )}&$count=true`,
      headers: auth(t.reviewer),
    });
    const page = parseAs(odataPage(customerApprovalRow), res);
    expect(page['@odata.count']).toBe(1);
    expect(page.value[0]).toMatchObject({
      id: approval.id,
      requestedBy: 'Tina Nguyen',
      customerName: 'Pat Testcase',
      facilityShortName: expect.any(String),
    });
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/customerApprovals?$filter=state eq 'approved' and invoiceId eq ${id}`,
      headers: auth(t.admin),
    });
    expect(parseAs(odataPage(customerApprovalRow), none).value).toEqual([]);
    const repairTech = await t.app.inject({
      method: 'GET',
      url: '/api/customerApprovals',
      headers: auth(t.repairTech),
    });
    expect(repairTech.statusCode).toBe(403);
  });

  it("the SQL state is the domain's approvalState on every seeded request", async () => {
    const rows = await t.app.deps.db.rows<{
      state: string;
      approved: boolean;
      declined: boolean;
      voidedAt: string | null;
      expiresAt: string;
      pageViewedAt: string | null;
      stale: boolean;
      now: string;
    }>(
      sql`select ${sql.raw(STATE_SQL())} as state, a.approved, a.declined, a.voided_at as "voidedAt",
            a.expires_at as "expiresAt", a.page_viewed_at as "pageViewedAt",
            (i.void or i.lost or (a.price_key is not null and a.price_key <> (round(i.total_cost * 100)::bigint || '|' ||
              round(coalesce(i.deductible_amount, 0) * 100)::bigint))) as stale, now()::text as now
          from customer_approvals a join invoices i on i.id = a.invoice_id order by a.sent_at desc limit 500`,
    );
    expect(rows.length).toBeGreaterThan(5);
    const states = new Set<string>();
    for (const r of rows) {
      expect(r.state).toBe(approvalState(r, new Date(r.now)));
      states.add(r.state);
    }
    expect(states.size).toBeGreaterThan(2);
  });
});
