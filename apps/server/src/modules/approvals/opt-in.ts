import { randomBytes } from 'node:crypto';
import type {
  ConsentRow,
  CustomerConsent,
  PublicOptIn,
  PublicOptInBody,
} from '@glass/domain/contracts/approvals';
import {
  type ConsentAnswer,
  consentWording,
  flagsFromConsent,
  maskEmail,
  maskPhone,
  optInStates,
} from '@glass/domain/rules/approvals';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import type { FileStore } from '../../files/file-store.js';
import { audit } from '../../http/audit.js';
import { publicUrl } from '../../public-url.js';
import { loadPublicInvoice } from './page-data.js';
import { InvalidLink, type RequestMeta } from './public-common.js';

/** The hash of an opt-in link: 128 random bits (base64url); seeded links are 32 hex digits. */
const HASH = /^[A-Za-z0-9_-]{16,64}$/;

/** The latest answer of a customer on the opt-in page (none: never answered). */
export async function latestConsent(db: Db, customerId: number): Promise<ConsentAnswer | undefined> {
  const [row] = await db.rows<ConsentAnswer>(
    sql`select texts, emails from customer_consents where customer_id = ${customerId}
        order by created_at desc, id desc limit 1`,
  );
  return row;
}

/**
 * Makes the opt-in link for a customer's new number or address, when their consent is still unknown and no
 * link went to it before: the first message to it carries the link. Answers the absolute link, or
 * undefined when none is due.
 */
export async function optInLinkFor(
  db: Db,
  config: Pick<Config, 'publicBaseUrl'>,
  target: { customerId: number; invoiceId: number; phone?: string; email?: string },
): Promise<string | undefined> {
  if (await latestConsent(db, target.customerId)) return undefined;
  const [known] = await db.rows(
    target.phone
      ? sql`select 1 from customer_opt_ins where customer_id = ${target.customerId} and phone = ${target.phone} limit 1`
      : sql`select 1 from customer_opt_ins where customer_id = ${target.customerId}
            and lower(email) = lower(${target.email ?? ''}) limit 1`,
  );
  if (known) return undefined;
  const hash = randomBytes(16).toString('base64url');
  await db.rows(
    sql`insert into customer_opt_ins (hash, customer_id, invoice_id, phone, email)
        values (${hash}, ${target.customerId}, ${target.invoiceId}, ${target.phone ?? null}, ${target.email ?? null})`,
  );
  return publicUrl(config, `/customer-opt-in/${hash}`);
}

interface OptInRow {
  id: number;
  customerId: number;
  invoiceId: number | null;
  phone: string | null;
  email: string | null;
}

/** The public opt-in page (/customer-opt-in/{hash}) and staff's view of a customer's consent. */
export class OptInService {
  constructor(
    private db: Database,
    private files: FileStore,
  ) {}

  private async find(db: Db, hash: string, lock = false): Promise<OptInRow> {
    if (!HASH.test(hash)) throw new InvalidLink();
    const [row] = await db.rows<OptInRow>(
      sql`select o.id, o.customer_id as "customerId", o.invoice_id as "invoiceId",
            coalesce(c.primary_phone, o.phone) as phone, coalesce(c.email, o.email) as email
          from customer_opt_ins o join customers c on c.id = o.customer_id
          where o.hash = ${hash} ${lock ? sql`for update of o, c` : sql``}`,
    );
    if (!row) throw new InvalidLink();
    return row;
  }

  /** What the page shows: the business, the contact it has (masked), the current choice, the wording. */
  async view(hash: string): Promise<PublicOptIn> {
    const row = await this.find(this.db, hash);
    const brand = await this.brand(row.invoiceId);
    const states = optInStates(await latestConsent(this.db, row.customerId));
    return {
      brand,
      phone: maskPhone(row.phone),
      email: maskEmail(row.email),
      ...states,
      consentText: consentWording(brand.name),
    };
  }

  /**
   * Stores the customer's choice with the time, address, browser and the wording shown, and sets their
   * do-not-text / do-not-email flags to follow it; answers the page as it now stands.
   */
  async answer(hash: string, body: PublicOptInBody, meta: RequestMeta): Promise<PublicOptIn> {
    await this.db.transaction(async (tx) => {
      const row = await this.find(tx, hash, true);
      const brand = await this.brand(row.invoiceId, tx);
      const wording = consentWording(brand.name);
      await tx.rows(
        sql`insert into customer_consents (customer_id, opt_in_id, texts, emails, phone, email, consent_text, client_ip, user_agent)
            values (${row.customerId}, ${row.id}, ${body.texts}, ${body.emails}, ${row.phone}, ${row.email}, ${wording},
                    ${meta.ip}, ${meta.userAgent})`,
      );
      const flags = flagsFromConsent(body);
      await tx.rows(
        sql`update customers set do_not_text = ${flags.doNotText}, do_not_email = ${flags.doNotEmail}, updated_at = now()
            where id = ${row.customerId}`,
      );
      await tx.rows(
        sql`update customer_opt_ins set opt_in_text = ${body.texts}, opt_in_email = ${body.emails}, responded_at = now(),
              client_ip = ${meta.ip}, user_agent = ${meta.userAgent} where id = ${row.id}`,
      );
      await audit(tx, undefined, {
        activity: 'Customer consent changed',
        type: 'update',
        recordType: 'Customer',
        recordId: row.customerId,
        details: {
          customerId: row.customerId,
          texts: body.texts,
          emails: body.emails,
          invoiceId: row.invoiceId ?? undefined,
        },
      });
    });
    return this.view(hash);
  }

  /** The consent of an invoice's customer for staff: the states, the flags, every answer newest first. */
  async consentOfInvoice(invoiceId: number): Promise<CustomerConsent | undefined> {
    const [customer] = await this.db.rows<{
      id: number | null;
      name: string | null;
      doNotText: boolean;
      doNotEmail: boolean;
      exists: boolean;
    }>(
      sql`select c.id, trim(coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name)) as name,
            coalesce(c.do_not_text, false) as "doNotText", coalesce(c.do_not_email, false) as "doNotEmail", true as exists
          from invoices i left join customers c on c.id = coalesce(i.customer_id, i.buyer_id) where i.id = ${invoiceId}`,
    );
    if (!customer) return undefined;
    const history = customer.id
      ? await this.db.rows<ConsentRow>(
          sql`select id, created_at as "respondedAt", texts, emails, phone, email, consent_text as "consentText",
                client_ip as "clientIp", user_agent as "userAgent"
              from customer_consents where customer_id = ${customer.id} order by created_at desc, id desc limit 100`,
        )
      : [];
    return {
      customerId: customer.id,
      customerName: customer.name,
      ...optInStates(history[0]),
      doNotText: customer.doNotText,
      doNotEmail: customer.doNotEmail,
      history,
    };
  }

  /** The business the page names: the invoice's brand, else the company. */
  private async brand(invoiceId: number | null, db: Db = this.db) {
    const page = invoiceId ? await loadPublicInvoice(db, this.files, invoiceId) : undefined;
    if (page) return page.brand;
    const [company] = await db.rows<{ name: string | null }>(
      sql`select value as name from options where name = 'CompanyName'`,
    );
    return { name: company?.name || 'The shop', logo: null, facility: '', phone: null };
  }
}
