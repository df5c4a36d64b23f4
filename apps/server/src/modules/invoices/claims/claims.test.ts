import {
  claimQueueCounts,
  claimQueueRow,
  claimSubmission,
  invoiceClaimSubmissions,
} from '@glass/domain/contracts/claim-submissions';
import { odataPage } from '@glass/domain/contracts/common';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAs } from '../../../../test/harness.js';
import { FileStore } from '../../../files/file-store.js';
import { hubOf } from '../../../realtime/hub.js';
import { ConversationWriter } from '../../conversations/index.js';
import { type OutboxMessage, SmtpProvider } from '../../notify/index.js';
import {
  createInvoice,
  type InvoiceTestContext,
  invoiceClient,
  invoiceHistory,
  invoiceTestContext,
} from '../test-helpers.js';
import { moveClaimSubmission } from './claim-moves.js';
import { noClaimEmail } from './claim-send.js';

/**
 * Claim submissions (issue #35 items 1–3): the send at submit or finalize by the clearing house's rule, the
 * e-mail in the outbox, withdrawal and resubmission, the batch grouped by clearing house, the moves and their
 * rules, the rejection alert, the queue and the facility scope. Every test makes its own clearing houses,
 * insurers and invoices, so it reads only its own rows on a shared PostgreSQL database.
 */
let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;
let assistantId: number;
let adminId: number;
let otherFacility: number;
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
  const users = await rows<{ id: number; userName: string }>(
    sql`select id, user_name as "userName" from users where user_name in ('101', '104')`,
  );
  adminId = users.find((u) => u.userName === '101')!.id;
  assistantId = users.find((u) => u.userName === '104')!.id;
  [{ id: otherFacility }] = await rows<{ id: number }>(
    sql`select id from facilities where id <> 1 order by id limit 1`,
  );
});
afterAll(() => t.app.close());

const UNKNOWN = 2_000_000_000;
const rows = <T>(q: ReturnType<typeof sql>) => t.app.deps.db.rows<T>(q);
let made = 0;

interface House {
  id: number;
  name: string;
  insurerId: number;
  mailboxId: number;
}

/** A clearing house of this test's own, with a mailbox and an insurer pointing at it. */
async function house(opts: {
  requiresFinalization: boolean;
  email?: string | null;
  cc?: string | null;
  bcc?: string | null;
}): Promise<House> {
  const tag = `${Date.now()}-${++made}`;
  const [mailbox] = await rows<{ id: number }>(
    sql`insert into mailboxes (name, smtp_server, port, account, from_email)
        values (${`Claims desk ${tag}`}, '127.0.0.1', 2525, 'claims', 'claims@shop.example') returning id`,
  );
  const email = opts.email === undefined ? `claims-${tag}@tpa.example` : opts.email;
  const [ch] = await rows<{ id: number; name: string }>(
    sql`insert into clearing_houses (name, email, cc_email, bcc_email, requires_finalization, mailbox_id)
        values (${`TPA ${tag}`}, ${email}, ${opts.cc ?? null}, ${opts.bcc ?? null}, ${opts.requiresFinalization},
                ${mailbox.id})
        returning id, name`,
  );
  const [insurer] = await rows<{ id: number }>(
    sql`insert into insurance_companies (name, clearing_house_id) values (${`Insurer ${tag}`}, ${ch.id}) returning id`,
  );
  return { ...ch, insurerId: insurer.id, mailboxId: mailbox.id };
}

/** An invoice of its own, insured by the house's insurer: 424.75 total, 100.00 deductible, so 324.75 claimed. */
async function insuredInvoice(h: House, facilityId = 1): Promise<number> {
  const { id } = await createInvoice(t.app, t.admin);
  await rows(
    sql`update invoices set insurance_company_id = ${h.insurerId}, labor_cost = 300, parts_cost = 100,
          tax_cost = 24.75, total_cost = 424.75, deductible_amount = 100, admin_assistant_id = ${assistantId},
          claim_number = ${`CLM-${id}`}, facility_id = ${facilityId}
        where id = ${id}`,
  );
  return id;
}

const act = (id: number, action: string, token = t.adminAssistant) =>
  api.post(`/api/Invoices/${id}/${action}`, token, {});
const submissionsOf = async (id: number, token = t.admin) => {
  const res = await api.get(`/api/Invoices/${id}/claimSubmissions`, token);
  expect(res.statusCode, res.body).toBe(200);
  return parseAs(invoiceClaimSubmissions, res);
};
const move = (id: number, name: string, body: unknown = {}, token = t.admin) =>
  api.post(`/api/claimSubmissions/${id}/${name}`, token, body);
const outbox = async (id: number) =>
  (
    await rows<{ toAddress: string; mailboxId: number; meta: string; subject: string; body: string }>(
      sql`select to_address as "toAddress", mailbox_id as "mailboxId", meta, subject, body
          from notify_outbox where id = ${id}`,
    )
  )[0];

describe('sending: at submit, or at finalize for a clearing house that requires it', () => {
  it('submit sends to a clearing house without requiresFinalization: e-mail, PDF, cc/bcc, amount claimed', async () => {
    const h = await house({
      requiresFinalization: false,
      cc: 'desk@tpa.example; audit@tpa.example',
      bcc: 'archive@tpa.example',
    });
    const id = await insuredInvoice(h);
    const res = await act(id, 'submit');
    expect(res.statusCode, res.body).toBe(200);
    const [s] = await submissionsOf(id);
    expect(s).toMatchObject({
      invoiceId: id,
      state: 'Sent',
      sentOn: 'submit',
      clearingHouse: { id: h.id, name: h.name },
      insuranceCompany: { id: h.insurerId },
      sentBy: { id: assistantId },
      resubmissionOf: null,
      amountClaimed: 324.75,
      amountPaid: 0,
      waitingOn: 'insurer',
      outboxStatus: 'pending',
    });
    expect(s.pdfId).not.toBeNull();
    expect(s.events).toEqual([
      expect.objectContaining({ fromState: null, toState: 'Sent', amount: 324.75, by: expect.any(Object) }),
    ]);
    const mail = await outbox(s.outboxId!);
    expect(mail.toAddress).toMatch(/^claims-.*@tpa\.example$/);
    expect(mail.mailboxId).toBe(h.mailboxId);
    const meta = JSON.parse(mail.meta);
    expect(meta.cc).toEqual(['desk@tpa.example', 'audit@tpa.example']);
    expect(meta.bcc).toEqual(['archive@tpa.example']);
    expect(meta.attachments).toEqual([
      { filename: `Invoice-${id}.pdf`, path: expect.stringMatching(/\.pdf$/) },
    ]);
    // The brand's "clearing house" template (the seed has one), else the default: both name the claim.
    expect(mail.subject).toContain(`#${id}`);
    expect(mail.subject).toContain(`CLM-${id}`);
    const [pdf] = await rows<{ path: string }>(sql`select path from invoice_pdfs where id = ${s.pdfId}`);
    expect(pdf.path).toBe(meta.attachments[0].path);
    const history = await invoiceHistory(t.app, id);
    expect(history[0]).toMatchObject({ activity: `Sent to ${h.name}` });
    expect(history[0].details).toContain('claimed 324.75');
    expect(history[1].activity).toBe('Submitted');

    // Finalizing afterwards sends nothing more: the house had it at submit.
    expect((await act(id, 'finalize')).statusCode).toBe(200);
    expect(await submissionsOf(id)).toHaveLength(1);
  });

  it("submit alone sends nothing for a requiresFinalization house and says so; finalize sends, with the house's template", async () => {
    const h = await house({ requiresFinalization: true });
    const [template] = await rows<{ id: number }>(
      sql`insert into email_templates (name, subject, salutation, body)
          values ('Claim', 'Claim {claimNumber} / #{invoiceId}', 'To {clearingHouse},',
                  'Insurer {insurer}: {amount} for {customerName}.') returning id`,
    );
    await rows(sql`update clearing_houses set email_template_id = ${template.id} where id = ${h.id}`);
    const id = await insuredInvoice(h);
    expect((await act(id, 'submit')).statusCode).toBe(200);
    expect((await invoiceHistory(t.app, id))[0]).toMatchObject({
      activity: 'Submitted',
      details: `${h.name} receives it at finalize`,
    });
    expect(await submissionsOf(id)).toEqual([]);

    const fin = await act(id, 'finalize');
    expect(fin.statusCode, fin.body).toBe(200);
    const [s] = await submissionsOf(id);
    expect(s).toMatchObject({ state: 'Sent', sentOn: 'finalize', amountClaimed: 324.75 });
    const mail = await outbox(s.outboxId!);
    expect(mail.subject).toBe(`Claim CLM-${id} / #${id}`);
    expect(mail.body).toMatch(new RegExp(`^To ${h.name},\\n\\nInsurer Insurer .*: 324\\.75 for `));
    expect(JSON.parse(mail.meta).cc).toBeUndefined();
  });

  it('a PATCH that edits and submits sends the edited invoice (its PDF rendered in the transaction)', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    const res = await api.patch(`/api/Invoices/${id}`, t.adminAssistant, {
      claimNumber: `NEW-${id}`,
      submitted: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [s] = await submissionsOf(id);
    expect(s).toMatchObject({ state: 'Sent', sentOn: 'submit' });
    expect((await outbox(s.outboxId!)).subject).toContain(`NEW-${id}`);
    const [pdf] = await rows<{ n: number }>(
      sql`select count(*)::int as n from invoice_pdfs where invoice_id = ${id}`,
    );
    expect(pdf.n).toBe(1);
  });

  it('an invoice without a clearing house sends nothing, as before', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    expect((await act(id, 'submit')).statusCode).toBe(200);
    expect((await act(id, 'finalize')).statusCode).toBe(200);
    expect(await submissionsOf(id)).toEqual([]);
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Finalized');
  });

  it('a clearing house without an e-mail address: 409 and nothing changes', async () => {
    const h = await house({ requiresFinalization: false, email: null });
    const id = await insuredInvoice(h);
    const before = (await invoiceHistory(t.app, id)).length;
    const res = await act(id, 'submit');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(noClaimEmail({ name: h.name } as Parameters<typeof noClaimEmail>[0], id));
    expect(await invoiceHistory(t.app, id)).toHaveLength(before);
    const [inv] = await rows<{ submitted: boolean }>(sql`select submitted from invoices where id = ${id}`);
    expect(inv.submitted).toBe(false);
  });
});

describe('the e-mail as the clearing house receives it', () => {
  it('carries the PDF, a Cc header and a Bcc recipient (a real SMTP server)', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const h = await house({
        requiresFinalization: false,
        cc: 'desk@tpa.example',
        bcc: 'archive@tpa.example',
      });
      const port = (smtp.server.address() as AddressInfo).port;
      await rows(sql`update mailboxes set port = ${port} where id = ${h.mailboxId}`);
      const id = await insuredInvoice(h);
      await act(id, 'submit');
      const [s] = await submissionsOf(id);
      const [message] = await rows<OutboxMessage>(
        sql`select id, channel, to_address as "toAddress", subject, body, meta, mailbox_id as "mailboxId",
              record_type as "recordType", record_id as "recordId"
            from notify_outbox where id = ${s.outboxId}`,
      );
      expect(message).toMatchObject({ recordType: 'Invoice', recordId: id });
      await new SmtpProvider(t.app.deps.db, t.app.deps.config, 5000).send(message);
      const mail = received.find((m) => m.raw.includes(`CLM-${id}`));
      expect(mail).toBeDefined();
      expect([...mail!.to].sort()).toEqual(
        [message.toAddress, 'archive@tpa.example', 'desk@tpa.example'].sort(),
      );
      expect(mail!.raw).toMatch(/^Cc: desk@tpa\.example/m);
      expect(mail!.raw).not.toMatch(/^Bcc:/m);
      expect(mail!.raw).toContain(`filename=Invoice-${id}.pdf`);
      expect(mail!.raw).toContain('JVBERi0'); // "%PDF-" in base64
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('withdrawal and resubmission', () => {
  it('unfinalize withdraws a claim sent at finalize; finalizing again resubmits', async () => {
    const h = await house({ requiresFinalization: true });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    await act(id, 'finalize');
    expect((await act(id, 'unfinalize')).statusCode).toBe(200);
    const [withdrawn] = await submissionsOf(id);
    expect(withdrawn.state).toBe('Withdrawn');
    expect(withdrawn.waitingOn).toBeNull();
    expect(withdrawn.events.map((e) => e.toState)).toEqual(['Sent', 'Withdrawn']);
    expect(withdrawn.stateChangedBy).toMatchObject({ id: assistantId });
    expect((await invoiceHistory(t.app, id))[0].activity).toBe(`Claim withdrawn from ${h.name}`);

    await act(id, 'finalize');
    const [again, first] = await submissionsOf(id);
    expect(again).toMatchObject({ state: 'Sent', resubmissionOf: first.id });
    expect(again.id).toBeGreaterThan(first.id);
    expect((await invoiceHistory(t.app, id))[0].details).toContain(`resubmission of submission ${first.id}`);
  });

  it('a claim sent at submit stays through unfinalize; unsubmit withdraws it (PATCH too); submitting again resubmits', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    await act(id, 'finalize');
    await act(id, 'unfinalize');
    expect((await submissionsOf(id))[0].state).toBe('Sent');
    const unsub = await api.patch(`/api/Invoices/${id}`, t.adminAssistant, { submitted: false });
    expect(unsub.statusCode).toBe(200);
    expect((await submissionsOf(id))[0].state).toBe('Withdrawn');
    await act(id, 'submit');
    const [again, first] = await submissionsOf(id);
    expect(again).toMatchObject({ state: 'Sent', sentOn: 'submit', resubmissionOf: first.id });
  });

  it('a rejected claim is fixed and resubmitted: unsubmit leaves the rejection, submit sends a new one', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    const [s] = await submissionsOf(id);
    expect(
      (await move(s.id, 'reject', { reasonCode: 'A7', reasonText: 'Policy not found' })).statusCode,
    ).toBe(200);
    await act(id, 'unsubmit');
    expect((await submissionsOf(id))[0].state).toBe('Rejected');
    await rows(sql`update invoices set policy_number = 'P-1' where id = ${id}`);
    await act(id, 'submit');
    const [again, rejected] = await submissionsOf(id);
    expect(rejected.state).toBe('Rejected');
    expect(again).toMatchObject({ state: 'Sent', resubmissionOf: rejected.id });
  });
});

describe('POST /api/Invoices/finalize: one e-mail per clearing house', () => {
  it('groups the PDFs of each clearing house into one e-mail; others finalize as before', async () => {
    const a = await house({ requiresFinalization: true, cc: 'a-cc@tpa.example' });
    const b = await house({ requiresFinalization: true });
    const atSubmit = await house({ requiresFinalization: false });
    const a1 = await insuredInvoice(a);
    const a2 = await insuredInvoice(a);
    const b1 = await insuredInvoice(b);
    const s1 = await insuredInvoice(atSubmit);
    const plain = (await createInvoice(t.app, t.admin)).id;
    const notSubmitted = await insuredInvoice(a);
    for (const id of [a1, a2, b1, s1, plain]) expect((await act(id, 'submit')).statusCode).toBe(200);
    const res = await api.post('/api/Invoices/finalize', t.adminAssistant, {
      invoiceIds: [a1, b1, s1, a2, plain, notSubmitted],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().finalized).toEqual([a1, b1, s1, a2, plain]);
    expect(res.json().refused).toEqual([
      {
        id: notSubmitted,
        message: `Invoice ${notSubmitted} is not submitted; submit it before finalizing it.`,
      },
    ]);
    const [sa1] = await submissionsOf(a1);
    const [sa2] = await submissionsOf(a2);
    const [sb1] = await submissionsOf(b1);
    expect(sa1.outboxId).toBe(sa2.outboxId);
    expect(sb1.outboxId).not.toBe(sa1.outboxId);
    expect([sa1.sentOn, sa2.sentOn, sb1.sentOn]).toEqual(['finalize', 'finalize', 'finalize']);
    const mailA = await outbox(sa1.outboxId!);
    const metaA = JSON.parse(mailA.meta);
    expect(metaA.attachments.map((x: { filename: string }) => x.filename)).toEqual([
      `Invoice-${a1}.pdf`,
      `Invoice-${a2}.pdf`,
    ]);
    expect(metaA.cc).toEqual(['a-cc@tpa.example']);
    expect(mailA.subject).toContain(`invoices #${a1}, #${a2}`);
    expect(JSON.parse((await outbox(sb1.outboxId!)).meta).attachments).toHaveLength(1);
    expect((await invoiceHistory(t.app, a2))[0].details).toContain('one e-mail with 2 invoices');
    expect(await submissionsOf(s1)).toHaveLength(1);
    expect(await submissionsOf(plain)).toEqual([]);
    expect(await submissionsOf(notSubmitted)).toEqual([]);
  });
});

describe('moves by hand: POST /api/claimSubmissions/{id}/…', () => {
  it('acknowledge → accept → deny, each an event and a history entry; illegal moves are 409', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    const [s] = await submissionsOf(id);
    const ack = await move(s.id, 'acknowledge', { note: 'Portal shows received' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(parseAs(claimSubmission, ack)).toMatchObject({
      state: 'Acknowledged',
      stateChangedBy: { id: adminId },
      stateChangedSource: null,
    });
    expect((await invoiceHistory(t.app, id))[0]).toMatchObject({
      activity: `Claim acknowledged by ${h.name}`,
      details: 'Portal shows received',
    });
    expect((await move(s.id, 'acknowledge')).statusCode).toBe(409);
    const acc = await move(s.id, 'accept');
    expect(acc.json().state).toBe('Accepted');
    const deny = await move(s.id, 'deny', { reasonText: 'Not covered' });
    expect(deny.statusCode).toBe(200);
    expect(deny.json()).toMatchObject({ state: 'Denied', reasonText: 'Not covered', waitingOn: 'shop' });
    expect(deny.json().events.map((e: { toState: string }) => e.toState)).toEqual([
      'Sent',
      'Acknowledged',
      'Accepted',
      'Denied',
    ]);
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Claim denied: Not covered');
    const late = await move(s.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('A submission that is Denied cannot become Accepted.');
  });

  it('accepted without an acknowledgment; unsubmitting withdraws an accepted claim', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    const [s] = await submissionsOf(id);
    expect((await move(s.id, 'accept')).json().state).toBe('Accepted');
    await act(id, 'unsubmit');
    const [after] = await submissionsOf(id);
    expect(after.events.map((e) => e.toState)).toEqual(['Sent', 'Accepted', 'Withdrawn']);
  });

  it('a denial before acceptance is 409 (the answer then is a rejection)', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    const [s] = await submissionsOf(id);
    const res = await move(s.id, 'deny', {});
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('A submission that is Sent cannot become Denied.');
  });

  it('reject: 400 naming a missing reason, then the rejection and an alert to the admin assistant', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    const [s] = await submissionsOf(id);
    const missing = await move(s.id, 'reject', { reasonCode: 'A7' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('reasonText');
    const blank = await move(s.id, 'reject', { reasonCode: ' ', reasonText: 'Policy not found' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty('reasonCode');
    expect((await submissionsOf(id))[0].state).toBe('Sent');

    expect((await move(s.id, 'acknowledge')).statusCode).toBe(200);
    const res = await move(s.id, 'reject', { reasonCode: 'A7', reasonText: 'Policy not found' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'Rejected',
      reasonCode: 'A7',
      reasonText: 'Policy not found',
      waitingOn: 'shop',
    });
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Claim rejected: A7 Policy not found');
    const conv = await rows<{ id: number; classNameId: number; recipients: number[] }>(
      sql`select c.id, c.class_name_id as "classNameId",
            array(select r.recipient_user_id from recipients r where r.conversation_id = c.id) as recipients
          from conversations c where c.invoice_id = ${id} and c.subject = ${`Claim of invoice ${id} rejected`}`,
    );
    expect(conv).toHaveLength(1);
    expect(conv[0].classNameId).toBe(1);
    expect(conv[0].recipients).toEqual([assistantId]);
    const alert = await rows<{ n: number }>(
      sql`select count(*)::int as n from alerts where type = 'NewMessage' and user_id = ${assistantId}
          and record_type = 'Invoice' and record_id = ${id} and conversation_id = ${conv[0].id}`,
    );
    expect(alert[0].n).toBe(1);
    const again = await move(s.id, 'reject', { reasonCode: 'A7', reasonText: 'Policy not found' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('A submission that is Rejected cannot become Rejected.');
  });

  it('nobody is alerted of their own rejection', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    const [s] = await submissionsOf(id);
    const res = await move(
      s.id,
      'reject',
      { reasonCode: 'B1', reasonText: 'VIN mismatch' },
      t.adminAssistant,
    );
    expect(res.statusCode).toBe(200);
    const conv = await rows(sql`select 1 from conversations where invoice_id = ${id}`);
    expect(conv).toHaveLength(0);
  });

  it('two rejections at once: one succeeds, the other is 409', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    const [s] = await submissionsOf(id);
    const both = await Promise.all([
      move(s.id, 'reject', { reasonCode: 'C1', reasonText: 'First' }),
      move(s.id, 'reject', { reasonCode: 'C2', reasonText: 'Second' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [after] = await submissionsOf(id);
    expect(after.events.filter((e) => e.toState === 'Rejected')).toHaveLength(1);
  });

  it('401 without a token, 403 for roles that do not finalize, 404 unknown, 403 another facility', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    const [s] = await submissionsOf(id);
    const anon = await t.app.inject({ method: 'POST', url: `/api/claimSubmissions/${s.id}/acknowledge` });
    expect(anon.statusCode).toBe(401);
    expect((await move(s.id, 'acknowledge', {}, t.leadTech)).statusCode).toBe(403);
    expect((await move(s.id, 'acknowledge', {}, t.repairTech)).statusCode).toBe(403);
    expect((await move(s.id, 'acknowledge', {}, t.reviewer)).statusCode).toBe(403);
    expect((await move(UNKNOWN, 'acknowledge')).statusCode).toBe(404);
    expect((await api.get(`/api/Invoices/${UNKNOWN}/claimSubmissions`, t.admin)).statusCode).toBe(404);
    expect((await api.get(`/api/Invoices/${id}/claimSubmissions`, t.reviewer)).statusCode).toBe(200);

    // The invoice moves to a facility the (facility-bound) admin assistant is not allowed.
    await rows(sql`update invoices set facility_id = ${otherFacility} where id = ${id}`);
    expect((await move(s.id, 'acknowledge', {}, t.adminAssistant)).statusCode).toBe(403);
    expect((await api.get(`/api/Invoices/${id}/claimSubmissions`, t.adminAssistant)).statusCode).toBe(403);
    expect((await move(s.id, 'acknowledge', {}, t.admin)).statusCode).toBe(200);
  });
});

describe('moves by the system (the remittance import)', () => {
  it('payments move an accepted claim to ShortPaid then Paid; a rejection by the system alerts from the clearing house', async () => {
    const h = await house({ requiresFinalization: false });
    const id = await insuredInvoice(h);
    await act(id, 'submit');
    const [s] = await submissionsOf(id);
    await move(s.id, 'accept');
    const db = t.app.deps.db;
    const remittance = { user: null, source: 'remittance' };
    await db.transaction((tx) =>
      moveClaimSubmission(tx, null, s.id, remittance, {
        to: 'ShortPaid',
        paymentCents: 30000,
        note: 'line 17',
      }),
    );
    let [after] = await submissionsOf(id);
    expect(after).toMatchObject({
      state: 'ShortPaid',
      amountPaid: 300,
      stateChangedBy: null,
      stateChangedSource: 'remittance',
      waitingOn: 'shop',
    });
    expect(after.events.at(-1)).toMatchObject({
      source: 'remittance',
      amount: 300,
      note: 'line 17',
      by: null,
    });
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Claim short-paid: 300.00 of 324.75');
    await db.transaction((tx) =>
      moveClaimSubmission(tx, null, s.id, remittance, { to: 'Paid', paymentCents: 2475 }),
    );
    [after] = await submissionsOf(id);
    expect(after).toMatchObject({ state: 'Paid', amountPaid: 324.75, waitingOn: null });

    const id2 = await insuredInvoice(h);
    await act(id2, 'submit');
    const [s2] = await submissionsOf(id2);
    const hub = hubOf(t.app);
    const writer = new ConversationWriter(new FileStore(db, t.app.deps.config), hub);
    await db.transaction((tx) =>
      moveClaimSubmission(
        tx,
        { hub, writer },
        s2.id,
        { user: null, source: 'remittance' },
        { to: 'Rejected', reasonCode: 'N1', reasonText: 'Duplicate claim' },
      ),
    );
    const [alert] = await rows<{ senderName: string; userId: number }>(
      sql`select sender_name as "senderName", user_id as "userId" from alerts
          where type = 'NewMessage' and record_type = 'Invoice' and record_id = ${id2}`,
    );
    expect(alert).toEqual({ senderName: h.name, userId: assistantId });
  });
});

describe('GET /api/claimQueue and /api/claimQueue/counts', () => {
  it('the latest submission per invoice waiting on the shop or the insurer, oldest first, with counts', async () => {
    const h = await house({ requiresFinalization: false });
    const rejected = await insuredInvoice(h);
    const open = await insuredInvoice(h);
    const paid = await insuredInvoice(h);
    const resent = await insuredInvoice(h);
    for (const id of [rejected, open, paid, resent]) await act(id, 'submit');
    const sub = async (id: number) => (await submissionsOf(id))[0];
    await move((await sub(rejected)).id, 'reject', { reasonCode: 'A7', reasonText: 'Policy not found' });
    const p = await sub(paid);
    await move(p.id, 'accept');
    await t.app.deps.db.transaction((tx) =>
      moveClaimSubmission(
        tx,
        null,
        p.id,
        { user: null, source: 'remittance' },
        { to: 'Paid', paymentCents: 32475 },
      ),
    );
    await move((await sub(resent)).id, 'reject', { reasonCode: 'B2', reasonText: 'Wrong part' });
    await act(resent, 'unsubmit');
    await act(resent, 'submit');
    // The rejection happened ten days ago: it leads the queue, oldest first.
    await rows(
      sql`update claim_submissions set state_changed_at = now() - interval '10 days' where invoice_id = ${rejected}`,
    );

    const res = await api.get(`/api/claimQueue?clearingHouseId=${h.id}&$count=true`, t.adminAssistant);
    expect(res.statusCode, res.body).toBe(200);
    const page = parseAs(odataPage(claimQueueRow), res);
    expect(page['@odata.count']).toBe(3);
    expect(page.value.map((r) => r.invoiceId)).toEqual([rejected, open, resent]);
    expect(page.value[0]).toMatchObject({
      state: 'Rejected',
      waitingOn: 'shop',
      reasonCode: 'A7',
      reasonText: 'Policy not found',
      amountClaimed: 324.75,
      amountPaid: 0,
      ageDays: 10,
      clearingHouseId: h.id,
      clearingHouseName: h.name,
      insuranceCompanyId: h.insurerId,
      facilityId: 1,
      claimNumber: `CLM-${rejected}`,
      sendCount: 1,
    });
    expect(page.value[2]).toMatchObject({ state: 'Sent', waitingOn: 'insurer', sendCount: 2 });

    const shop = parseAs(
      odataPage(claimQueueRow),
      await api.get(`/api/claimQueue?clearingHouseId=${h.id}&waitingOn=shop`, t.admin),
    );
    expect(shop.value.map((r) => r.invoiceId)).toEqual([rejected]);
    const byReason = parseAs(
      odataPage(claimQueueRow),
      await api.get(
        `/api/claimQueue?$filter=${encodeURIComponent(`clearingHouseId eq ${h.id} and reasonCode eq 'A7'`)}`,
        t.admin,
      ),
    );
    expect(byReason.value.map((r) => r.invoiceId)).toEqual([rejected]);
    const paged = parseAs(
      odataPage(claimQueueRow),
      await api.get(`/api/claimQueue?clearingHouseId=${h.id}&$top=2`, t.admin),
    );
    expect(paged.value.map((r) => r.invoiceId)).toEqual([rejected, open]);
    const rest = parseAs(
      odataPage(claimQueueRow),
      await api.get(`/api/claimQueue?clearingHouseId=${h.id}&$skip=2`, t.admin),
    );
    expect(rest.value.map((r) => r.invoiceId)).toEqual([resent]);

    const counts = parseAs(
      claimQueueCounts,
      await api.get(`/api/claimQueue/counts?clearingHouseId=${h.id}`, t.adminAssistant),
    );
    expect(counts).toMatchObject({
      total: 3,
      waitingOn: { shop: 1, insurer: 2 },
      reasons: [{ reasonCode: 'A7', count: 1 }],
    });
    expect(counts.clearingHouses).toContainEqual({ id: h.id, name: h.name, count: 3 });
    const shopCounts = parseAs(
      claimQueueCounts,
      await api.get(`/api/claimQueue/counts?clearingHouseId=${h.id}&waitingOn=shop`, t.admin),
    );
    expect(shopCounts).toMatchObject({ total: 1, waitingOn: { shop: 1, insurer: 2 } });

    expect((await api.get('/api/claimQueue?waitingOn=nobody', t.admin)).json().errors).toHaveProperty(
      'waitingOn',
    );
    expect((await api.get('/api/claimQueue', t.leadTech)).statusCode).toBe(403);
    expect((await api.get('/api/claimQueue/counts', t.repairTech)).statusCode).toBe(403);
    expect((await api.get('/api/claimQueue', t.reviewer)).statusCode).toBe(200);
  });

  it('a resubmitted claim leaves its earlier rejection out of the queue and the counts; counts equal the pages', async () => {
    const h = await house({ requiresFinalization: false });
    const [a, b, c, d] = [
      await insuredInvoice(h),
      await insuredInvoice(h),
      await insuredInvoice(h),
      await insuredInvoice(h),
    ];
    for (const id of [a, b, c, d]) await act(id, 'submit');
    const sub = async (id: number) => (await submissionsOf(id))[0];
    for (const [id, reasonCode] of [
      [a, 'A7'],
      [b, 'B2'],
      [d, 'A7'],
    ] as const)
      expect(
        (await move((await sub(id)).id, 'reject', { reasonCode, reasonText: 'Bounced' })).statusCode,
      ).toBe(200);
    const bounced = await sub(b);
    await act(b, 'unsubmit');
    await act(b, 'submit');
    expect(await sub(b)).toMatchObject({ state: 'Sent', resubmissionOf: bounced.id });

    const page = async (filter: string) =>
      parseAs(
        odataPage(claimQueueRow),
        await api.get(`/api/claimQueue?clearingHouseId=${h.id}&$count=true${filter}`, t.admin),
      );
    const counts = async (filter: string) =>
      parseAs(
        claimQueueCounts,
        await api.get(`/api/claimQueue/counts?clearingHouseId=${h.id}${filter}`, t.admin),
      );
    const all = await page('');
    expect(all.value.map((r) => r.id)).not.toContain(bounced.id);
    expect(all.value.map((r) => r.invoiceId).sort()).toEqual([a, b, c, d].sort());
    expect(all.value.find((r) => r.invoiceId === b)).toMatchObject({ state: 'Sent', waitingOn: 'insurer' });
    expect(await counts('')).toMatchObject({
      total: 4,
      waitingOn: { shop: 2, insurer: 2 },
      reasons: [{ reasonCode: 'A7', count: 2 }],
    });
    expect((await counts('')).clearingHouses).toContainEqual({ id: h.id, name: h.name, count: 4 });
    expect((await page('&reasonCode=B2'))['@odata.count']).toBe(0);

    for (const filter of [
      '',
      '&waitingOn=shop',
      '&waitingOn=insurer',
      '&reasonCode=A7',
      '&reasonCode=B2',
      '&state=Rejected',
      '&state=Sent',
    ]) {
      const n = await counts(filter);
      expect(n.total, filter).toBe((await page(filter))['@odata.count']);
      const others = filter.startsWith('&waitingOn') ? '' : filter;
      for (const side of ['shop', 'insurer'] as const)
        expect(n.waitingOn[side], `${filter} ${side}`).toBe(
          (await page(`${others}&waitingOn=${side}`))['@odata.count'],
        );
      const sansReason = filter.startsWith('&reasonCode') ? '' : filter;
      for (const r of n.reasons)
        expect(r.count, `${filter} ${r.reasonCode}`).toBe(
          (await page(`${sansReason}&reasonCode=${r.reasonCode}`))['@odata.count'],
        );
      expect(n.clearingHouses.find((x) => x.id === h.id)?.count ?? 0, filter).toBe(n.total);
    }
  });

  it('a facility-bound user sees only the queue of their facilities', async () => {
    const h = await house({ requiresFinalization: false });
    const here = await insuredInvoice(h);
    const there = await insuredInvoice(h);
    await act(here, 'submit');
    await act(there, 'submit', t.admin);
    await rows(sql`update invoices set facility_id = ${otherFacility} where id = ${there}`);
    const bound = parseAs(
      odataPage(claimQueueRow),
      await api.get(`/api/claimQueue?clearingHouseId=${h.id}`, t.adminAssistant),
    );
    expect(bound.value.map((r) => r.invoiceId)).toEqual([here]);
    const all = parseAs(
      odataPage(claimQueueRow),
      await api.get(`/api/claimQueue?clearingHouseId=${h.id}`, t.admin),
    );
    expect(all.value.map((r) => r.invoiceId).sort()).toEqual([here, there].sort());
    const counts = parseAs(
      claimQueueCounts,
      await api.get(`/api/claimQueue/counts?clearingHouseId=${h.id}`, t.adminAssistant),
    );
    expect(counts.total).toBe(1);
  });
});
