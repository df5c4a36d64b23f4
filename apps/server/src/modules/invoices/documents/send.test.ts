import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNotifyProvider,
  drainOutbox,
  HttpSmsProvider,
  type NotifyProvider,
  type OutboxMessage,
  RecordingProvider,
  SmtpProvider,
} from '../../notify/index.js';
import { encryptSecret } from '../../../resources/secrets.js';
import { doNotEmail, doNotText, NO_EMAIL, NO_PHONE } from './send-service.js';
import {
  createInvoice,
  type InvoiceTestContext,
  invoiceClient,
  invoiceHistory,
  invoiceTestContext,
} from '../test-helpers.js';

let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

const UNKNOWN = 2_000_000_000;
const rows = <T>(q: ReturnType<typeof sql>) => t.app.deps.db.rows<T>(q);
const setCustomer = (invoiceId: number, set: ReturnType<typeof sql>) =>
  rows(
    sql`update customers set ${set} where id = (select customer_id from invoices where id = ${invoiceId})`,
  );
const outboxRow = async (id: number) =>
  (
    await rows<{
      status: string;
      channel: string;
      toAddress: string;
      mailboxId: number | null;
      meta: string | null;
    }>(
      sql`select status, channel, to_address as "toAddress", mailbox_id as "mailboxId", meta from notify_outbox where id = ${id}`,
    )
  )[0];

/**
 * Drains until the message is no longer pending: ours through `provider`, anything else only recorded.
 * On a shared PostgreSQL another test's sender may claim it first; then ours is handed over directly.
 */
async function deliver(id: number, provider: NotifyProvider) {
  const others = new RecordingProvider();
  let ours: OutboxMessage | undefined;
  const only: NotifyProvider = {
    name: 'test',
    send: async (m) => {
      if (m.id !== id) return others.send(m);
      ours = m;
      return provider.send(m);
    },
  };
  for (let i = 0; i < 50 && (await outboxRow(id)).status === 'pending'; i++)
    await drainOutbox(t.app.deps.db, only, { batch: 1000, maxAttempts: 1 });
  if (!ours) {
    const [row] = await rows<OutboxMessage>(
      sql`select id, channel, to_address as "toAddress", subject, body, meta, mailbox_id as "mailboxId",
                 record_type as "recordType", record_id as "recordId" from notify_outbox where id = ${id}`,
    );
    await provider.send(row);
  }
  return outboxRow(id);
}

describe('POST /api/Invoices/sendCustomerInvoice', () => {
  let smtp: SMTPServer;
  const received: { from: string; to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (a, _s, cb) => cb(null, { user: a.username }),
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("e-mails the PDF through the brand's mailbox with its template (real SMTP server)", async () => {
    const port = (smtp.server.address() as AddressInfo).port;
    const tag = `T${Date.now()}`;
    const [brand] = await rows<{ id: number }>(
      sql`insert into brands (name, short_name) values (${`Brand ${tag}`}, ${tag}) returning id`,
    );
    const [facility] = await rows<{ id: number }>(
      sql`insert into facilities (code, name, short_name, brand_id, tax_rate)
          values (${tag}, ${`Shop ${tag}`}, ${tag}, ${brand.id}, '0.0825') returning id`,
    );
    const [mailbox] = await rows<{ id: number }>(
      sql`insert into mailboxes (name, brand_id, smtp_server, port, account, from_email, password_secret)
          values ('Test desk', ${brand.id}, '127.0.0.1', ${port}, 'desk', 'desk@shop.example',
                  ${encryptSecret('smtp-pass', t.app.deps.config.passwordPepper)}) returning id`,
    );
    await rows(
      sql`insert into email_templates (name, subject, salutation, body, brand_id, for_repair_invoices, for_customer_email)
          values ('Test invoice', 'Invoice #{invoiceId} for {firstName}', 'Dear {firstName},',
                  'Your {vehicle} invoice from {facility} is attached.', ${brand.id}, true, true)`,
    );
    const { id } = await createInvoice(t.app, t.admin);
    await rows(sql`update invoices set facility_id = ${facility.id} where id = ${id}`);
    await setCustomer(id, sql`email = 'pat@customer.example'`);

    // The invoice is at a facility of its own, which only the admin reaches (decision 0016).
    const bound = await api.post('/api/Invoices/sendCustomerInvoice', t.adminAssistant, { invoiceId: id });
    expect(bound.statusCode).toBe(403);
    const res = await api.post('/api/Invoices/sendCustomerInvoice', t.admin, { invoiceId: id });
    expect(res.statusCode).toBe(200);
    const sent = res.json();
    expect(sent).toEqual({
      outboxId: expect.any(Number),
      to: 'pat@customer.example',
      subject: `Invoice #${id} for Pat`,
    });
    expect(await outboxRow(sent.outboxId)).toMatchObject({
      status: 'pending',
      channel: 'email',
      mailboxId: mailbox.id,
    });
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Invoice e-mailed to pat@customer.example');
    expect((await api.get(`/api/Invoices/${id}/previousPdfs`, t.admin)).json()).toHaveLength(1);

    const after = await deliver(sent.outboxId, new SmtpProvider(t.app.deps.db, t.app.deps.config, 5000));
    expect(after.status).toBe('sent');
    const mail = received.find((m) => m.raw.includes(`Invoice #${id} for Pat`));
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual(['pat@customer.example']);
    expect(mail!.from).toBe('desk@shop.example');
    expect(mail!.raw).toMatch(new RegExp(`^Subject: Invoice #${id} for Pat`, 'm'));
    expect(mail!.raw).toContain('Dear Pat,');
    expect(mail!.raw).toMatch(
      new RegExp(`Your (\\d{4} )?Honda Accord invoice from Shop ${tag} is attached\\.`),
    );
    expect(mail!.raw).toMatch(/Content-Type: application\/pdf/);
    expect(mail!.raw).toContain(`filename=Invoice-${id}.pdf`);
    expect(mail!.raw).toContain('JVBERi0'); // "%PDF-" in base64
  });

  it('sends to the given address; 409 do-not-email, 400 without address, 404, 403', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const noAddress = await api.post('/api/Invoices/sendCustomerInvoice', t.admin, { invoiceId: id });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errors.email).toEqual([NO_EMAIL]);
    const bad = await api.post('/api/Invoices/sendCustomerInvoice', t.admin, {
      invoiceId: id,
      email: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('email');

    const given = await api.post('/api/Invoices/sendCustomerInvoice', t.admin, {
      invoiceId: id,
      email: 'other@x.example',
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().to).toBe('other@x.example');

    await setCustomer(id, sql`email = 'pat@customer.example', do_not_email = true`);
    const before = (await invoiceHistory(t.app, id)).length;
    const refused = await api.post('/api/Invoices/sendCustomerInvoice', t.admin, { invoiceId: id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(doNotEmail(id));
    expect(await invoiceHistory(t.app, id)).toHaveLength(before);

    expect(
      (await api.post('/api/Invoices/sendCustomerInvoice', t.admin, { invoiceId: UNKNOWN })).statusCode,
    ).toBe(404);
    expect(
      (await api.post('/api/Invoices/sendCustomerInvoice', t.repairTech, { invoiceId: id })).statusCode,
    ).toBe(403);
  });
});

describe('tech texts', () => {
  it('queues the template text to the customer, lists it, and the sender marks it sent', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const res = await api.post(`/api/Invoices/${id}/sendTechText`, t.leadTech, {});
    expect(res.statusCode).toBe(200);
    const text = res.json();
    expect(text).toMatchObject({ id: expect.any(Number), phone: '7135550199', outboxId: expect.any(Number) });
    expect(text.message).toMatch(new RegExp(`^Job #${id}: (\\d{4} )?Honda Accord`));
    expect(text.message).not.toMatch(/[{}]/);
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Tech text sent to 7135550199');

    const custom = await api.post(`/api/Invoices/${id}/sendTechText`, t.leadTech, { message: 'On my way' });
    expect(custom.json().message).toBe('On my way');
    const list = await api.get(`/api/Invoices/${id}/techTexts`, t.reviewer);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: custom.json().id,
        message: 'On my way',
        status: 'pending',
        sender: expect.any(Object),
      }),
      expect.objectContaining({ id: text.id, phone: '7135550199', status: 'pending' }),
    ]);
    const [stored] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sent_tech_texts where invoice_id = ${id} and outbox_id is not null`,
    );
    expect(stored.n).toBe(2);

    const configured = createNotifyProvider(t.app.deps.db, t.app.deps.config);
    expect(configured.name).toBe('sms:recording,email:recording');
    expect((await deliver(text.outboxId, configured)).status).toBe('sent');
    expect((await api.get(`/api/Invoices/${id}/techTexts`, t.admin)).json()[1].status).toBe('sent');
  });

  it('409 do-not-text, 400 without phone, 400 too long, 404 unknown, 403 without invoice.send', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    expect(
      (await api.post(`/api/Invoices/${id}/sendTechText`, t.admin, { message: 'x'.repeat(1001) })).statusCode,
    ).toBe(400);
    expect((await api.post(`/api/Invoices/${id}/sendTechText`, t.repairTech, {})).statusCode).toBe(403);
    expect((await api.post(`/api/Invoices/${UNKNOWN}/sendTechText`, t.admin, {})).statusCode).toBe(404);
    expect((await api.get(`/api/Invoices/${UNKNOWN}/techTexts`, t.admin)).statusCode).toBe(404);
    await setCustomer(id, sql`do_not_text = true`);
    const refused = await api.post(`/api/Invoices/${id}/sendTechText`, t.admin, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(doNotText(id));
    await setCustomer(id, sql`do_not_text = false, primary_phone = null, secondary_phone = null`);
    const noPhone = await api.post(`/api/Invoices/${id}/sendTechText`, t.admin, {});
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().errors.phone).toEqual([NO_PHONE]);
    expect((await api.get(`/api/Invoices/${id}/techTexts`, t.admin)).json()).toEqual([]);
  });

  it('the HTTP SMS provider POSTs JSON to the gateway and fails on an error answer', async () => {
    const bodies: unknown[] = [];
    let status = 200;
    const gateway = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => {
        bodies.push({ auth: req.headers.authorization, json: JSON.parse(data) });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    const provider = new HttpSmsProvider(url, 'tok');
    const message = {
      id: 7,
      channel: 'sms' as const,
      toAddress: '7135550199',
      subject: null,
      body: 'Hi',
      meta: null,
      mailboxId: null,
      recordType: null,
      recordId: null,
    };
    await provider.send(message);
    expect(bodies).toEqual([{ auth: 'Bearer tok', json: { id: 7, to: '7135550199', body: 'Hi' } }]);
    status = 500;
    await expect(provider.send(message)).rejects.toThrow('SMS gateway answered 500');
    gateway.close();
    const config = {
      ...t.app.deps.config,
      smsProvider: 'http' as const,
      smsHttpUrl: url,
      mailTransport: 'smtp' as const,
    };
    expect(createNotifyProvider(t.app.deps.db, config).name).toBe('sms:http-sms,email:smtp');
  });
});

describe('GET /api/notify/outbox', () => {
  it('lists messages newest first with channel and status filters; admin lists only', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const first = (await api.post(`/api/Invoices/${id}/sendTechText`, t.admin, { message: 'one' })).json();
    const second = (await api.post(`/api/Invoices/${id}/sendTechText`, t.admin, { message: 'two' })).json();
    const res = await api.get('/api/notify/outbox?channel=sms&status=pending&$top=100', t.admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page['@odata.count']).toBeGreaterThanOrEqual(2);
    const ids = page.value.map((m: { id: number }) => m.id);
    expect(ids.indexOf(second.outboxId)).toBeLessThan(ids.indexOf(first.outboxId));
    expect(page.value.find((m: { id: number }) => m.id === first.outboxId)).toEqual({
      id: first.outboxId,
      channel: 'sms',
      toAddress: '7135550199',
      subject: null,
      body: 'one',
      status: 'pending',
      attempts: 0,
      createdAt: expect.any(String),
      sentAt: null,
      error: null,
      recordType: 'Invoice',
      recordId: id,
    });
    expect(
      page.value.every(
        (m: { channel: string; status: string }) => m.channel === 'sms' && m.status === 'pending',
      ),
    ).toBe(true);
    const paged = (await api.get('/api/notify/outbox?$top=1&$skip=1', t.admin)).json();
    expect(paged.value).toHaveLength(1);
    expect((await api.get('/api/notify/outbox?channel=fax', t.admin)).statusCode).toBe(400);
    expect((await api.get('/api/notify/outbox', t.leadTech)).statusCode).toBe(403);
  });
});
