import type { TechTextRow } from '@glass/domain/contracts/invoices';
import { type SQL, sql } from 'drizzle-orm';
import { assertAuditGate } from '../workflow/audit-gate.js';
import { z } from 'zod';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Database } from '../../../db/client.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { type EmailMeta, queueNotices, queueSms, smsText } from '../../notify/index.js';
import type { InvoiceDocumentService } from './documents-service.js';
import { invoiceMissing, lockInvoiceRow, recordInvoiceChange } from '../invoice-record.js';
import { fillTemplate, type SendContext, templateValues } from './send-template.js';
import type { Db } from '../../../db/unit-of-work.js';

export const sendCustomerInvoiceBody = z.object({
  invoiceId: z.number().int().positive(),
  email: z.email('Enter a valid e-mail address').max(254).optional(),
});
export const sendTechTextBody = z.object({ message: z.string().trim().max(1000).optional() });

export const NO_EMAIL = 'The customer has no e-mail address; enter one to send the invoice';
export const NO_PHONE = 'The customer has no phone number to text';
export const doNotEmail = (id: number) =>
  `The customer of invoice ${id} asked not to be e-mailed (do not e-mail); the invoice was not sent.`;
export const doNotText = (id: number) =>
  `The customer of invoice ${id} asked not to receive texts (do not text); the text was not sent.`;

const PHONE_CELL = 2;

export interface Template {
  subject: string;
  salutation: string;
  body: string;
}

/**
 * Sends the invoice by e-mail (PDF attached) and tech texts to the customer. Nothing leaves the server
 * here: the message goes to notify_outbox in the same transaction as its history entry, and the
 * sender (modules/notify) delivers it, so a slow SMTP server never holds the request.
 */
export class InvoiceSendService {
  constructor(
    private db: Database,
    private documents: InvoiceDocumentService,
  ) {}

  /** Checks and the PDF render happen before the transaction (reads only); the writes then commit together. */
  async sendCustomerInvoice(user: SessionUser, body: z.infer<typeof sendCustomerInvoiceBody>) {
    const ctx = await this.context(body.invoiceId);
    // Pending Audits (issue #23): with audits required, the invoice goes out only after it passed its audit.
    await assertAuditGate(this.db, ctx.id, 'send');
    if (ctx.customer?.doNotEmail) throw conflict(doNotEmail(ctx.id));
    const to = body.email ?? ctx.customer?.email?.trim();
    if (!to) throw badRequest('email', NO_EMAIL);
    const [mailbox] = await this.db.rows<{ id: number }>(
      sql`select id from mailboxes where is_active and (brand_id = ${ctx.brandId} or brand_id is null)
          order by brand_id is null, id limit 1`,
    );
    if (!mailbox)
      throw conflict(
        `No active mailbox for ${ctx.brandName ?? 'this brand'}; add one under Mailboxes first.`,
      );
    const usage = ctx.replacement ? sql`for_replacement_invoices` : sql`for_repair_invoices`;
    const template = (await this.template(ctx.brandId, sql`for_customer_email and ${usage}`)) ?? {
      subject: 'Invoice #{invoiceId}',
      salutation: 'Hello {firstName},',
      body: 'Your invoice is attached. Thank you for choosing {facility}.',
    };
    const values = templateValues(ctx, user);
    const subject = fillTemplate(template.subject, values);
    const text = [fillTemplate(template.salutation, values), fillTemplate(template.body, values)]
      .filter(Boolean)
      .join('\n\n');
    const pdf = await this.documents.render(ctx.id);
    return this.db.transaction(async (tx) => {
      await lockInvoiceRow(tx, ctx.id);
      const stored = await this.documents.storePdf(tx, user, ctx.id, pdf);
      const meta: EmailMeta = { attachments: [{ filename: `Invoice-${ctx.id}.pdf`, path: stored.path }] };
      const [outboxId] = await queueNotices(tx, [
        {
          channel: 'email',
          to,
          subject,
          body: text,
          meta: { ...meta },
          mailboxId: mailbox.id,
          ...record(ctx.id),
        },
      ]);
      await recordInvoiceChange(tx, user, ctx.id, {
        activity: `Invoice e-mailed to ${to}`,
        details: subject,
        params: { outboxId, pdfId: stored.id },
      });
      return { outboxId, to, subject };
    });
  }

  sendTechText(user: SessionUser, invoiceId: number, body: z.infer<typeof sendTechTextBody>) {
    return this.db.transaction(async (tx) => {
      await lockInvoiceRow(tx, invoiceId);
      const ctx = await this.context(invoiceId, tx);
      if (ctx.customer?.doNotText) throw conflict(doNotText(invoiceId));
      const phone = textablePhone(ctx.customer);
      if (!phone) throw badRequest('phone', NO_PHONE);
      let message = body.message;
      if (!message) {
        const template = await this.template(ctx.brandId, sql`for_tech_text`, tx);
        if (!template) throw badRequest('message', 'Enter a message: there is no tech text template');
        message = fillTemplate(template.body, templateValues(ctx, user));
      }
      message = smsText(message);
      const [outboxId] = await queueSms(tx, phone, message, record(invoiceId));
      const [row] = await tx.rows<{ id: number; sentAt: string }>(
        sql`insert into sent_tech_texts (invoice_id, sender_user_id, technician_id, phone, message, outbox_id)
            values (${invoiceId}, ${user.id}, ${ctx.technician?.id ?? null}, ${phone}, ${message}, ${outboxId})
            returning id, sent_at as "sentAt"`,
      );
      await recordInvoiceChange(tx, user, invoiceId, {
        activity: `Tech text sent to ${phone}`,
        details: message,
        params: { outboxId },
      });
      return { id: row.id, phone, message, sentAt: row.sentAt, outboxId };
    });
  }

  /** Tech texts of the invoice with the outbox status of each, newest first. */
  async techTexts(invoiceId: number) {
    const [exists] = await this.db.rows(sql`select 1 from invoices where id = ${invoiceId}`);
    if (!exists) throw invoiceMissing(invoiceId);
    return this.db.rows<TechTextRow>(
      sql`select t.id, t.phone, t.message, t.sent_at as "sentAt",
            (select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name)
             from users u where u.id = t.sender_user_id) as sender,
            coalesce(o.status, 'sent') as status
          from sent_tech_texts t left join notify_outbox o on o.id = t.outbox_id
          where t.invoice_id = ${invoiceId} order by t.sent_at desc, t.id desc`,
    );
  }

  /** The newest active template of the brand (or one for every brand) with the usage flags. */
  private template(brandId: number | null, usage: SQL, tx: Db = this.db) {
    return findTemplate(tx, brandId, usage);
  }

  /** What the messages say about the invoice; 404 when unknown. */
  private context(invoiceId: number, tx: Db = this.db): Promise<SendContext> {
    return loadSendContext(tx, invoiceId);
  }
}

/** The brand's active template with the usage flags (`sql\`for_tech_text\``), else one for every brand. */
export async function findTemplate(
  db: Db,
  brandId: number | null,
  usage: SQL,
): Promise<Template | undefined> {
  const [row] = await db.rows<Template>(
    sql`select subject, salutation, body from email_templates
        where is_active and ${usage} and (brand_id = ${brandId} or brand_id is null)
        order by brand_id is null, id limit 1`,
  );
  return row;
}

/** What a message may say about the invoice (templateValues); 404 when unknown. */
export async function loadSendContext(db: Db, invoiceId: number): Promise<SendContext> {
  const [ctx] = await db.rows<SendContext>(
    sql`select i.id, i.replacement, i.claim_number as "claimNumber", f.brand_id as "brandId",
          (select b.name from brands b where b.id = f.brand_id) as "brandName", f.name as facility,
          f.did_phone as "facilityPhone", f.time_zone as "timeZone", i.open_date_time as "openDateTime",
          trim(concat_ws(' ', i.vehicle_year, i.vehicle_make, i.vehicle_model)) as vehicle,
          coalesce(nullif(trim(concat_ws(', ', i.service_address_line1, i.service_city)), ''),
            (select trim(concat_ws(', ', c.address_line1, c.city)) from customers c
             where c.id = coalesce(i.customer_id, i.buyer_id)), '') as address,
          (select json_build_object('firstName', c.first_name, 'lastName', c.last_name, 'email', c.email,
             'doNotEmail', c.do_not_email, 'doNotText', c.do_not_text,
             'primaryPhone', c.primary_phone, 'primaryPhoneTypeId', c.primary_phone_type_id,
             'secondaryPhone', c.secondary_phone, 'secondaryPhoneTypeId', c.secondary_phone_type_id)
           from customers c where c.id = coalesce(i.customer_id, i.buyer_id)) as customer,
          (select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name, 'phone', u.phone)
           from users u where u.id = coalesce(i.repair_technician_id, i.lead_technician_id)) as technician
        from invoices i join facilities f on f.id = i.facility_id where i.id = ${invoiceId}`,
  );
  if (!ctx) throw invoiceMissing(invoiceId);
  return ctx;
}

const record = (invoiceId: number) => ({ recordType: 'Invoice', recordId: invoiceId });

/** A cell phone when the customer has one marked so, else the primary (then secondary) number. */
function textablePhone(customer: SendContext['customer']): string | undefined {
  if (!customer) return undefined;
  const phones = [
    [customer.primaryPhone, customer.primaryPhoneTypeId],
    [customer.secondaryPhone, customer.secondaryPhoneTypeId],
  ] as const;
  const cell = phones.find(([p, type]) => p && type === PHONE_CELL)?.[0];
  return (cell ?? phones.find(([p]) => p)?.[0])?.trim() || undefined;
}
