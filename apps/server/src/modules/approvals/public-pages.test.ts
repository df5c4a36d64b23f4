import { createHmac } from 'node:crypto';
import {
  customerConsent,
  initiateLink,
  invalidLink,
  publicInitiate,
  publicOptIn,
  requestedApproval,
} from '@glass/domain/contracts/approvals';
import {
  approvalOptedOutTexts,
  INITIATE_ALREADY_SIGNED,
  TOO_MANY_ATTEMPTS,
} from '@glass/domain/messages/approvals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, parseAs } from '../../../test/harness.js';
import { invoiceClient, type InvoiceTestContext, invoiceTestContext } from '../invoices/test-helpers.js';
import { PUBLIC_MISS_LIMIT } from './throttle.js';
import { freshIp, invoiceWithWork, outboxOf, publicCall, SIGNATURE } from './test-helpers.js';

/**
 * The public customer pages besides the approval page (issue #19): the initiate page behind its signed
 * token, the opt-in page and the flags that follow it, the pages' headers, and the per-address limits.
 */
let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;

beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

const initiateLinkOf = async (invoiceId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/customerApprovals/initiateLink',
    headers: auth(t.leadTech),
    payload: { invoiceId },
  });
  expect(res.statusCode).toBe(200);
  const link = parseAs(initiateLink, res);
  const url = new URL(link.url);
  return { ...link, path: url.pathname, token: url.searchParams.get('t') ?? '' };
};
const neutral = async () => (await publicCall(t.app, 'GET', '/api/public/approvals/unknown')).body;

describe('the initiate page (/sign-initiate/{id}?t=…)', () => {
  it('opens only with the token of its own invoice, reveals nothing otherwise, and signs once', async () => {
    const { id } = await invoiceWithWork(t.app, t.admin);
    const other = await invoiceWithWork(t.app, t.admin);
    const link = await initiateLinkOf(id);
    expect(link.url).toBe(`${t.app.deps.config.publicBaseUrl}/sign-initiate/${id}?t=${link.token}`);
    const open = await publicCall(t.app, 'GET', `/api/public/initiate/${id}?t=${link.token}`);
    expect(open.statusCode).toBe(200);
    expect(parseAs(publicInitiate, open)).toMatchObject({ state: 'open', customerFirstName: 'Pat' });

    const unknown = await neutral();
    const tampered = `${link.token.slice(0, -2)}${link.token.endsWith('AA') ? 'AB' : 'AA'}`;
    const key = createHmac('sha256', t.app.deps.config.secretsKey).update('sign-initiate/v1').digest();
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = `${past}.${createHmac('sha256', key).update(`${id}.${past}`).digest('base64url')}`;
    for (const url of [
      `/api/public/initiate/${id}`, // no token
      `/api/public/initiate/${id}?t=`,
      `/api/public/initiate/${other.id}?t=${link.token}`, // a token for another invoice
      `/api/public/initiate/${id}?t=${tampered}`,
      `/api/public/initiate/${id}?t=${expired}`,
      `/api/public/initiate/2000000000?t=${link.token}`, // no such invoice
      `/api/public/initiate/abc?t=${link.token}`,
    ]) {
      const res = await publicCall(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(unknown);
    }
    const wrongSign = await publicCall(
      t.app,
      'POST',
      `/api/public/initiate/${other.id}/signature?t=${link.token}`,
      {
        signature: SIGNATURE,
      },
    );
    expect(wrongSign.statusCode).toBe(404);

    const signed = await publicCall(t.app, 'POST', `/api/public/initiate/${id}/signature?t=${link.token}`, {
      signature: SIGNATURE,
      signerName: 'Pat Testcase',
    });
    expect(signed.statusCode).toBe(200);
    expect(parseAs(publicInitiate, signed)).toMatchObject({ state: 'signed', work: null });
    const detail = (await api.get(`/api/Invoices/${id}`, t.admin)).json();
    expect(detail.signed).toBe(true);
    const path = (await api.get(`/api/Invoices/${id}/SignaturePath`, t.admin)).json();
    expect(path.path).toMatch(/\.png$/);
    const history = (await api.get(`/api/InvoicesHistory?InvoiceId=${id}`, t.admin)).json();
    expect(history[0]).toMatchObject({ activity: 'Signed by the customer (initiate page)', user: null });
    const again = await publicCall(t.app, 'POST', `/api/public/initiate/${id}/signature?t=${link.token}`, {
      signature: SIGNATURE,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(INITIATE_ALREADY_SIGNED);
    expect((await api.get(`/api/Invoices/${other.id}`, t.admin)).json().signed).toBe(false);
  });

  it('is refused for void invoices, and only to roles that initiate invoices', async () => {
    const { id } = await invoiceWithWork(t.app, t.admin);
    const link = await initiateLinkOf(id);
    await api.post(`/api/Invoices/${id}/void`, t.admin);
    const res = await publicCall(t.app, 'GET', `/api/public/initiate/${id}?t=${link.token}`);
    expect(res.statusCode).toBe(404);
    const reviewer = await t.app.inject({
      method: 'POST',
      url: '/api/customerApprovals/initiateLink',
      headers: auth(t.reviewer),
      payload: { invoiceId: id },
    });
    expect(reviewer.statusCode).toBe(403);
  });
});

describe('the opt-in page (/customer-opt-in/{hash})', () => {
  it('goes out with the first text to a new number; the choice is stored and the flags follow it', async () => {
    const { id, customerId } = await invoiceWithWork(t.app, t.admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customerApprovals/requestApprovalSms',
      headers: auth(t.admin),
      payload: { invoiceId: id, phoneNumber: '7135550160' },
    });
    const approval = parseAs(requestedApproval, res);
    expect(approval.optInLinkSent).toBe(true);
    const texts = await outboxOf(t.app, id);
    // The opt-in text first, then the approval request; both whole (the links are never cut).
    expect(texts.map((m) => m.channel)).toEqual(['sms', 'sms']);
    const hash = /\/customer-opt-in\/([A-Za-z0-9_-]+)$/.exec(texts[0].body)?.[1] ?? '';
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(texts[1].body.endsWith(approval.link)).toBe(true);
    // The next text to the same number carries no second opt-in link.
    const again = parseAs(
      requestedApproval,
      await t.app.inject({
        method: 'POST',
        url: '/api/customerApprovals/requestApprovalSms',
        headers: auth(t.admin),
        payload: { invoiceId: id, phoneNumber: '7135550160' },
      }),
    );
    expect(again.optInLinkSent).toBe(false);

    const page = parseAs(publicOptIn, await publicCall(t.app, 'GET', `/api/public/opt-in/${hash}`));
    expect(page).toMatchObject({ texts: 'unknown', emails: 'unknown', phone: '(•••) •••-0199' });
    expect(page.consentText).toContain('Message and data rates may apply');

    const out = await publicCall(t.app, 'POST', `/api/public/opt-in/${hash}`, { texts: false, emails: true });
    expect(out.statusCode).toBe(200);
    expect(parseAs(publicOptIn, out)).toMatchObject({ texts: 'out', emails: 'in' });
    const customer = (await api.get(`/api/Invoices/${id}`, t.admin)).json().customer;
    expect(customer).toMatchObject({ doNotText: true, doNotEmail: false });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/customerApprovals/requestApprovalSms',
      headers: auth(t.admin),
      payload: { invoiceId: id, phoneNumber: '7135550160' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(approvalOptedOutTexts(id));

    await publicCall(t.app, 'POST', `/api/public/opt-in/${hash}`, { texts: true, emails: false });
    expect((await api.get(`/api/Invoices/${id}`, t.admin)).json().customer).toMatchObject({
      doNotText: false,
      doNotEmail: true,
    });
    // Staff see the consent history on the customer, newest first, with the wording, time and address.
    const consent = parseAs(
      customerConsent,
      await t.app.inject({
        method: 'GET',
        url: `/api/customerApprovals/consent/${id}`,
        headers: auth(t.reviewer),
      }),
    );
    expect(consent).toMatchObject({
      customerId,
      texts: 'in',
      emails: 'out',
      doNotText: false,
      doNotEmail: true,
    });
    expect(consent.history.map((h) => [h.texts, h.emails])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(consent.history[0].consentText).toBe(page.consentText);
    expect(consent.history[0].clientIp).toMatch(/^172\./);
    expect(consent.history[0].userAgent).toContain('iPhone');
  });

  it('unknown hashes answer the neutral page', async () => {
    const unknown = await neutral();
    for (const hash of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', '../../etc/passwd']) {
      const res = await publicCall(t.app, 'GET', `/api/public/opt-in/${encodeURIComponent(hash)}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown);
    }
    const post = await publicCall(t.app, 'POST', '/api/public/opt-in/AAAAAAAAAAAAAAAAAAAAAA', {
      texts: true,
      emails: true,
    });
    expect(post.statusCode).toBe(404);
  });
});

describe('safety of the public pages', () => {
  it('pages and their API: no-store, a strict policy, no framing, no Referer; no token needed', async () => {
    for (const url of [
      '/sign-approval/0b0c2a4e-5d6f-4a8b-9c0d-1e2f3a4b5c6d',
      '/sign-initiate/12?t=abc',
      '/customer-opt-in/abc',
      '/api/public/approvals/x',
    ]) {
      const res = await publicCall(t.app, 'GET', url);
      expect(res.statusCode, url).not.toBe(401);
      expect(res.headers['cache-control'], url).toBe('no-store');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('blob:');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.body, url).not.toMatch(/login/i);
    }
    const body = parseAs(invalidLink, await publicCall(t.app, 'GET', '/api/public/approvals/x'));
    // Whom to call: the company's support number (options CompanyName, SupportPhone).
    expect(body.contact).toEqual({ name: 'Lone Star Auto Glass', phone: '(281) 894-4520' });
    // The staff app keeps its own policy.
    const staff = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(staff.headers['content-security-policy'])).not.toContain("default-src 'none'");
  });

  it(`a guessing loop gets 429 after ${PUBLIC_MISS_LIMIT} links that do not open, per address`, async () => {
    const ip = freshIp();
    const guess = (n: number, from = ip) =>
      publicCall(t.app, 'GET', `/api/public/approvals/${crypto.randomUUID()}?n=${n}`, undefined, from);
    for (let n = 0; n < PUBLIC_MISS_LIMIT; n++) expect((await guess(n)).statusCode).toBe(404);
    const refused = await guess(99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(TOO_MANY_ATTEMPTS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Also for a real link and the other pages, from that address; another address is not affected.
    const { id } = await invoiceWithWork(t.app, t.admin);
    const link = await initiateLinkOf(id);
    expect(
      (await publicCall(t.app, 'GET', `/api/public/initiate/${id}?t=${link.token}`, undefined, ip))
        .statusCode,
    ).toBe(429);
    expect((await guess(100, freshIp())).statusCode).toBe(404);
  });

  it('links that open do not count as misses', async () => {
    const ip = freshIp();
    const { id } = await invoiceWithWork(t.app, t.admin);
    const link = await initiateLinkOf(id);
    for (let n = 0; n < PUBLIC_MISS_LIMIT + 5; n++) {
      const res = await publicCall(
        t.app,
        'GET',
        `/api/public/initiate/${id}?t=${link.token}&n=${n}`,
        undefined,
        ip,
      );
      expect(res.statusCode).toBe(200);
    }
    expect((await publicCall(t.app, 'GET', '/api/public/approvals/nothing', undefined, ip)).statusCode).toBe(
      404,
    );
  });

  it('holds under concurrency: a burst from one address gets exactly the limit of lookups', async () => {
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: PUBLIC_MISS_LIMIT * 2 }, () =>
        publicCall(t.app, 'GET', `/api/public/approvals/${crypto.randomUUID()}`, undefined, ip),
      ),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 404)).toHaveLength(PUBLIC_MISS_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(PUBLIC_MISS_LIMIT);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'holds across processes: two apps on one PostgreSQL count together',
    async () => {
      const second = await createTestApp();
      try {
        const ip = freshIp();
        const burst = await Promise.all(
          Array.from({ length: PUBLIC_MISS_LIMIT * 2 }, (_, n) =>
            publicCall(
              n % 2 ? second : t.app,
              'GET',
              `/api/public/approvals/${crypto.randomUUID()}`,
              undefined,
              ip,
            ),
          ),
        );
        expect(burst.filter((r) => r.statusCode === 404)).toHaveLength(PUBLIC_MISS_LIMIT);
      } finally {
        await second.close();
      }
    },
  );
});

describe('the audit check other areas read', () => {
  it('invoiceApprovalStatus: requested, approved, the latest state', async () => {
    const { invoiceApprovalStatus } = await import('./index.js');
    const { id } = await invoiceWithWork(t.app, t.admin);
    const none = await invoiceWithWork(t.app, t.admin);
    const approval = parseAs(
      requestedApproval,
      await t.app.inject({
        method: 'POST',
        url: '/api/customerApprovals/requestApprovalSms',
        headers: auth(t.admin),
        payload: { invoiceId: id, phoneNumber: '7135550170' },
      }),
    );
    expect(await invoiceApprovalStatus(t.app.deps.db, [id, none.id])).toEqual([
      { invoiceId: id, requested: true, approved: false, latestState: 'sent' },
      { invoiceId: none.id, requested: false, approved: false, latestState: null },
    ]);
    await publicCall(t.app, 'POST', `/api/public/approvals/${approval.id}/answer`, {
      response: 'approve',
      signature: SIGNATURE,
    });
    const [status] = await invoiceApprovalStatus(t.app.deps.db, [id]);
    expect(status).toMatchObject({ requested: true, approved: true, latestState: 'approved' });
    const [row] = await t.app.deps.db.rows<{ ok: boolean }>(
      sql`select exists (select 1 from customer_approvals ca where ca.invoice_id = ${id} and ca.approved) as ok`,
    );
    expect(row.ok).toBe(true);
  });
});
