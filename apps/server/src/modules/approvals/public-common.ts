import type { InvalidLink as InvalidLinkBody } from '@glass/domain/contracts/approvals';
import { INVALID_LINK_TITLE, invalidLinkContact } from '@glass/domain/messages/approvals';
import { formatPhone } from '@glass/domain/rules/phone-format';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';

/** Where a customer's answer came from, stored with it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export const requestMeta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 500) || null,
});

/**
 * A public link that does not open: unknown, expired, voided, badly signed, or for an invoice that is
 * void or lost. Every cause answers the same 404 (invalidLinkBody), so a guess learns nothing.
 */
export class InvalidLink extends Error {
  constructor() {
    super('invalid link');
  }
}

/**
 * The one answer for every link that does not open: the same text and the company's support number
 * (options CompanyName and SupportPhone), so the page says whom to call without naming the link's shop.
 */
export async function invalidLinkBody(db: Database): Promise<InvalidLinkBody> {
  const rows = await db.rows<{ name: string; value: string }>(
    sql`select name, value from options where name in ('CompanyName', 'SupportPhone')`,
  );
  const option = (name: string) => rows.find((r) => r.name === name)?.value?.trim() || null;
  const name = option('CompanyName') ?? 'the shop';
  const phone = option('SupportPhone') ? formatPhone(option('SupportPhone')) : null;
  return {
    type: 'about:blank',
    title: INVALID_LINK_TITLE,
    status: 404,
    detail: invalidLinkContact(name, phone),
    contact: { name, phone },
  };
}
