import type { ApprovalChannel } from '@glass/domain/rules/approvals';
import { approvalNoMailbox } from '@glass/domain/messages/approvals';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { conflict } from '../../http/errors.js';
import { fillTemplate, findTemplate, type SendContext, templateValues } from '../invoices/index.js';
import { smsText } from '../notify/index.js';

export interface ComposedMessage {
  subject: string | null;
  body: string;
  mailboxId: number | null;
}

const DEFAULT_SMS = 'Hi {firstName}, please review and approve the glass work on your {vehicle}: {link}';
const DEFAULT_SUBJECT = 'Please approve your glass work';
const DEFAULT_SALUTATION = 'Hello {firstName},';
const DEFAULT_EMAIL = 'Please review and approve the glass work on your {vehicle}: {link}';

/**
 * The approval request as the customer receives it, from the brand's templates (email_templates): a text
 * uses the brand's (else a shared) active template flagged for customer texts and for the invoice's kind
 * (repair or replacement) whose body has `{link}` (the seeded "Repair/Replacement Approval Text"); an
 * e-mail uses such a template flagged for customer e-mails, else the text template's body under a plain
 * subject, and goes out through the brand's active mailbox (409 without one). `{link}` is the absolute
 * approval link; the other placeholders are the invoice's (templateValues). A text never loses its link:
 * when template and link do not fit one segment, the words are shortened, not the link.
 */
export async function composeApproval(
  db: Db,
  ctx: SendContext,
  sender: SessionUser,
  channel: ApprovalChannel,
  link: string,
): Promise<ComposedMessage> {
  const values = { ...templateValues(ctx, sender), link };
  const kind = ctx.replacement ? sql`for_replacement_invoices` : sql`for_repair_invoices`;
  const withLink = sql`body ilike '%{link}%'`;
  const textTemplate = await findTemplate(
    db,
    ctx.brandId,
    sql`for_customer_text and ${kind} and ${withLink}`,
  );
  if (channel === 'sms') {
    return {
      subject: null,
      body: fitSms(fillTemplate(textTemplate?.body ?? DEFAULT_SMS, values), link),
      mailboxId: null,
    };
  }
  const [mailbox] = await db.rows<{ id: number }>(
    sql`select id from mailboxes where is_active and (brand_id = ${ctx.brandId} or brand_id is null)
        order by brand_id is null, id limit 1`,
  );
  if (!mailbox) throw conflict(approvalNoMailbox(ctx.brandName));
  const mailTemplate = await findTemplate(
    db,
    ctx.brandId,
    sql`for_customer_email and ${kind} and ${withLink}`,
  );
  const subject = fillTemplate(mailTemplate?.subject || DEFAULT_SUBJECT, values);
  const salutation = mailTemplate ? mailTemplate.salutation : DEFAULT_SALUTATION;
  const body = mailTemplate?.body ?? textTemplate?.body ?? DEFAULT_EMAIL;
  let text = [fillTemplate(salutation, values), fillTemplate(body, values)].filter(Boolean).join('\n\n');
  // A template that lost its placeholder still sends the link.
  if (!text.includes(link)) text = `${text}\n\n${link}`;
  return { subject, body: text, mailboxId: mailbox.id };
}

/** The first text to a new number: where the customer chooses which messages they want. */
export function optInText(business: string, link: string): string {
  return fitSms(`${business}: choose whether we may text or e-mail you about your job: ${link}`, link);
}

/** The line the first e-mail to a new address carries. */
export const optInEmailLine = (link: string) =>
  `Choose whether we may text or e-mail you about your job: ${link}`;

/**
 * A text that keeps its link whole: as the outbox would send it (smsText: GSM-7 where it can, one segment)
 * if the link survives; otherwise the words around it are shortened until words, '...' and the link fit.
 */
export function fitSms(text: string, link: string): string {
  const whole = smsText(text);
  if (whole.includes(link)) return whole;
  let words = smsText(text.replace(link, ' ')).replace(/[\s:.]+$/, '');
  while (words.length > 0) {
    const candidate = smsText(`${words}... ${link}`);
    if (candidate.includes(link)) return candidate;
    words = words.slice(0, -4).trimEnd();
  }
  return smsText(link);
}
