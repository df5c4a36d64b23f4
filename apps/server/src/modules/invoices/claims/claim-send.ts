import { centsText, claimAmountCents, claimSendsAt, ClaimSubmissionState as S } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Db } from '../../../db/unit-of-work.js';
import { conflict } from '../../../http/errors.js';
import { type EmailMeta, queueNotices } from '../../notify/index.js';
import type { InvoiceDocumentService } from '../documents/documents-service.js';
import { findTemplate, loadSendContext, type Template } from '../documents/send-service.js';
import { fillTemplate, type SendContext, templateValues } from '../documents/send-template.js';
import { recordInvoiceChange } from '../invoice-record.js';

/** The work flow step a claim goes out at (the domain's claimSendsAt). */
export type ClaimStep = 'submit' | 'finalize';

/**
 * Where an invoice's claim goes (decision 0024): its insurer's clearing house, when active; through the
 * clearing house's active mailbox, else the one the customer's e-mail would use (the brand's, else one for every
 * brand); with the clearing house's active template, else the brand's "clearing house" template, else a default.
 */
export interface ClaimRoute {
  clearingHouseId: number;
  name: string;
  email: string | null;
  cc: string[];
  bcc: string[];
  sendsAt: ClaimStep;
  mailboxId: number | null;
  emailTemplateId: number | null;
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  brandId: number | null;
  brandName: string | null;
}

/** A cc or bcc field as typed in the admin list: several addresses split on commas and semicolons. */
const addresses = (v: string | null) =>
  (v ?? '')
    .split(/[;,]/)
    .map((a) => a.trim())
    .filter(Boolean);

/** The invoice's claim route, or null when it has none (no insurer, an insurer without an active clearing house). */
export async function claimRouteOf(db: Db, invoiceId: number): Promise<ClaimRoute | null> {
  const [r] = await db.rows<
    Omit<ClaimRoute, 'cc' | 'bcc' | 'sendsAt'> & {
      ccEmail: string | null;
      bccEmail: string | null;
      requiresFinalization: boolean;
    }
  >(
    sql`select ch.id as "clearingHouseId", ch.name, nullif(trim(ch.email), '') as email, ch.cc_email as "ccEmail",
          ch.bcc_email as "bccEmail", ch.requires_finalization as "requiresFinalization",
          ic.id as "insuranceCompanyId", ic.name as "insuranceCompanyName", f.brand_id as "brandId",
          (select b.name from brands b where b.id = f.brand_id) as "brandName",
          coalesce((select m.id from mailboxes m where m.id = ch.mailbox_id and m.is_active),
                   (select m.id from mailboxes m where m.is_active and (m.brand_id = f.brand_id or m.brand_id is null)
                    order by m.brand_id is null, m.id limit 1)) as "mailboxId",
          (select t.id from email_templates t where t.id = ch.email_template_id and t.is_active) as "emailTemplateId"
        from invoices i join facilities f on f.id = i.facility_id
          join insurance_companies ic on ic.id = i.insurance_company_id
          join clearing_houses ch on ch.id = ic.clearing_house_id and ch.is_active
        where i.id = ${invoiceId}`,
  );
  if (!r) return null;
  const { ccEmail, bccEmail, requiresFinalization, ...route } = r;
  return {
    ...route,
    cc: addresses(ccEmail),
    bcc: addresses(bccEmail),
    sendsAt: claimSendsAt(requiresFinalization),
  };
}

/** Whether two invoices' claims can share one e-mail (same clearing house, address, copies, mailbox, template). */
export const routeKey = (r: ClaimRoute) =>
  JSON.stringify([r.clearingHouseId, r.email, r.cc, r.bcc, r.mailboxId, r.emailTemplateId, r.brandId]);

export const noClaimEmail = (route: ClaimRoute, invoiceId: number) =>
  `Clearing house ${route.name} has no e-mail address; add one under Clearing houses to send invoice ${invoiceId} to it.`;
export const noClaimMailbox = (route: ClaimRoute) =>
  `No active mailbox to send claims to ${route.name} from; give the clearing house one or add one under Mailboxes.`;

/** One invoice of a send: its route and its PDF, rendered before the transaction. */
export interface ClaimItem {
  invoiceId: number;
  route: ClaimRoute;
  pdf: Buffer;
}

/**
 * The PDFs of a work flow action that sends, rendered before its transaction (an invoice missing here is rendered
 * in it), and a batch's collector.
 */
export interface ClaimContext {
  pdfs: Map<number, Buffer>;
  /** In a batch: the sends are collected here and go out as one e-mail per clearing house (finalizing-service). */
  collect?: ClaimItem[];
}

const DEFAULT_TEMPLATE: Template = {
  subject: 'Invoice #{invoiceId} for claim {claimNumber}',
  salutation: 'Hello,',
  body: 'Please find attached invoice #{invoiceId} of {facility} for {customerName}, {vehicle}; claim {claimNumber}, amount claimed {amount}.',
};

/**
 * Sends invoices' claims to their clearing house (issue #35 item 1, decision 0024). Rendering reads the
 * database outside any transaction (the documents service's own connection), so it happens first (`render`),
 * and the writes (`send`) then run in the work flow's unit of work: the stored PDFs, one e-mail in the outbox
 * with every PDF attached and the clearing house's cc/bcc, and per invoice its submission (Sent), the event
 * and the history entry "Sent to <clearing house>".
 */
export class ClaimSender {
  constructor(private documents: InvoiceDocumentService) {}

  /**
   * The PDFs of the invoices whose claim would go out at `step` now (read before the transaction; the
   * transaction checks again).
   */
  async render(db: Db, invoiceIds: readonly number[], step: ClaimStep): Promise<Map<number, Buffer>> {
    const pdfs = new Map<number, Buffer>();
    for (const id of invoiceIds) {
      const [state] = await db.rows<{ submitted: boolean; finalized: boolean }>(
        sql`select submitted, finalized from invoices where id = ${id}`,
      );
      // Already past that step: the action changes nothing (or is refused), so nothing goes out.
      if (!state || (step === 'submit' ? state.submitted : state.finalized)) continue;
      const route = await claimRouteOf(db, id);
      if (route?.sendsAt === step && route.email) pdfs.set(id, await this.documents.render(id));
    }
    return pdfs;
  }

  /** The PDF rendered in the work flow's transaction, when none was rendered before it. */
  renderIn(tx: Db, invoiceId: number): Promise<Buffer> {
    return this.documents.renderIn(tx, invoiceId);
  }

  /** Sends the items (one clearing house route) as one e-mail; answers the new submissions' ids. */
  async send(tx: Db, user: SessionUser, items: readonly ClaimItem[], sentOn: ClaimStep): Promise<number[]> {
    const route = items[0].route;
    if (!route.email) throw conflict(noClaimEmail(route, items[0].invoiceId));
    if (route.mailboxId === null) throw conflict(noClaimMailbox(route));
    const template = await this.template(tx, route);
    const parts: { ctx: SendContext; cents: number; pdf: { id: number; path: string }; item: ClaimItem }[] =
      [];
    for (const item of items) {
      const ctx = await loadSendContext(tx, item.invoiceId);
      const [money] = await tx.rows<{
        laborCost: string;
        partsCost: string;
        taxCost: string;
        deductible: string | null;
        deposit: string | null;
      }>(
        sql`select labor_cost::text as "laborCost", parts_cost::text as "partsCost", tax_cost::text as "taxCost",
              deductible_amount::text as deductible, deposit_amount::text as deposit
            from invoices where id = ${item.invoiceId}`,
      );
      const pdf = await this.documents.storePdf(tx, user, item.invoiceId, item.pdf);
      parts.push({ ctx, cents: claimAmountCents(money), pdf, item });
    }
    const filled = parts.map((p) => {
      const values = {
        ...templateValues(p.ctx, user),
        amount: centsText(p.cents),
        clearingHouse: route.name,
        insurer: p.item.route.insuranceCompanyName,
      };
      return {
        subject: fillTemplate(template.subject, values),
        salutation: fillTemplate(template.salutation, values),
        body: fillTemplate(template.body, values),
      };
    });
    const ids = parts.map((p) => p.item.invoiceId);
    const subject =
      parts.length === 1
        ? filled[0].subject
        : `${parts.length} claims for ${route.name}: invoices ${ids.map((id) => `#${id}`).join(', ')}`.slice(
            0,
            250,
          );
    const text = [filled[0].salutation, ...filled.map((f) => f.body)].filter(Boolean).join('\n\n');
    const meta: EmailMeta = {
      attachments: parts.map((p) => ({ filename: `Invoice-${p.item.invoiceId}.pdf`, path: p.pdf.path })),
      ...(route.cc.length ? { cc: route.cc } : {}),
      ...(route.bcc.length ? { bcc: route.bcc } : {}),
    };
    const [outboxId] = await queueNotices(tx, [
      {
        channel: 'email',
        to: route.email,
        subject,
        body: text,
        meta: { ...meta },
        mailboxId: route.mailboxId,
        // One invoice: the e-mail is that invoice's; a batch's e-mail belongs to no one record.
        ...(parts.length === 1 ? { recordType: 'Invoice', recordId: ids[0] } : {}),
      },
    ]);
    const made: number[] = [];
    for (const p of parts) {
      const id = p.item.invoiceId;
      const [previous] = await tx.rows<{ id: number }>(
        sql`select id from claim_submissions where invoice_id = ${id} order by id desc limit 1`,
      );
      const amount = centsText(p.cents);
      const [row] = await tx.rows<{ id: number }>(
        sql`insert into claim_submissions (invoice_id, clearing_house_id, insurance_company_id, state, sent_by_id,
              sent_on, resubmission_of, outbox_id, pdf_file_id, amount_claimed, state_changed_by_id)
            values (${id}, ${route.clearingHouseId}, ${p.item.route.insuranceCompanyId}, ${S.Sent}, ${user.id},
              ${sentOn}, ${previous?.id ?? null}, ${outboxId}, ${p.pdf.id}, ${amount}::numeric, ${user.id})
            returning id`,
      );
      await tx.rows(
        sql`insert into claim_submission_events (submission_id, from_state, to_state, by_user_id, amount)
            values (${row.id}, null, ${S.Sent}, ${user.id}, ${amount}::numeric)`,
      );
      const details = [
        `${route.email}; claimed ${amount}`,
        previous ? `resubmission of submission ${previous.id}` : null,
        parts.length > 1 ? `one e-mail with ${parts.length} invoices` : null,
      ];
      await recordInvoiceChange(tx, user, id, {
        activity: `Sent to ${route.name}`,
        details: details.filter(Boolean).join('; '),
        params: { outboxId, pdfId: p.pdf.id, claimSubmissionId: row.id },
      });
      made.push(row.id);
    }
    return made;
  }

  private async template(tx: Db, route: ClaimRoute): Promise<Template> {
    if (route.emailTemplateId !== null) {
      const [own] = await tx.rows<Template>(
        sql`select subject, salutation, body from email_templates where id = ${route.emailTemplateId}`,
      );
      if (own) return own;
    }
    return (await findTemplate(tx, route.brandId, sql`for_clearing_house`)) ?? DEFAULT_TEMPLATE;
  }
}
