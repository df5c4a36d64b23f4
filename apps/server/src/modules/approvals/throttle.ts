import { TOO_MANY_ATTEMPTS } from '@glass/domain/messages/approvals';
import { sql } from 'drizzle-orm';
import { throttleAddress } from '../../auth/throttle.js';
import type { Database } from '../../db/client.js';
import { tooMany } from '../../http/errors.js';

/** Length of a counting window. */
export const PUBLIC_WINDOW_SECONDS = 15 * 60;
/** Requests of one address to the public pages' API per window (a customer's visit takes a handful). */
export const PUBLIC_REQUEST_LIMIT = 120;
/** Links of one address that did not open (unknown, expired, voided, badly signed) per window. */
export const PUBLIC_MISS_LIMIT = 20;

/** One counted request: where it was counted, so a link that opens can give its miss back. */
export interface PublicTicket {
  address: string;
  windowStart: string;
}

/**
 * Rate limits of the public customer pages' API per client address (the login throttle's addressing,
 * auth/throttle.ts: IPv4-mapped addresses as IPv4, IPv6 by its /64), stored in the database so that every
 * server process counts together, in fixed windows of 15 minutes:
 * - every request counts: more than PUBLIC_REQUEST_LIMIT in a window are refused with 429;
 * - every request counts as a miss until its link turns out to open (`opened` gives it back): more than
 *   PUBLIC_MISS_LIMIT links that did not open are refused with 429. A guessing loop is stopped after 20
 *   tries, against 122 random bits of a guid or a 256-bit signature.
 * Under concurrency: one statement counts the request and reserves its miss before anything is looked up
 * (`insert … on conflict do update … returning`); concurrent requests of one address serialise on its row,
 * each sees the counts with every earlier one included, on any process, so no more than the limit of
 * lookups run however many arrive at once. Refused requests count too (a loop that keeps knocking stays
 * out for the window). Rows older than a day are pruned now and then.
 */
export class PublicThrottle {
  constructor(
    private db: Database,
    private random: () => number = Math.random,
  ) {}

  async take(ip: string): Promise<PublicTicket> {
    const address = throttleAddress(ip).slice(0, 100);
    const [row] = await this.db.rows<{
      windowStart: string;
      requests: number;
      misses: number;
      wait: number;
    }>(
      sql`insert into public_rate_limits as r (address, window_start, requests, misses)
          values (${address},
                  to_timestamp((floor(extract(epoch from now()) / ${PUBLIC_WINDOW_SECONDS}::int) * ${PUBLIC_WINDOW_SECONDS}::int)::float8),
                  1, 1)
          on conflict (address, window_start)
            do update set requests = r.requests + 1, misses = r.misses + 1
          returning r.window_start::text as "windowStart", r.requests, r.misses,
            ceil(extract(epoch from r.window_start + make_interval(secs => ${PUBLIC_WINDOW_SECONDS}::int) - now()))::int as wait`,
    );
    if (this.random() < 0.01)
      await this.db.rows(sql`delete from public_rate_limits where window_start < now() - interval '1 day'`);
    if (row.requests > PUBLIC_REQUEST_LIMIT || row.misses > PUBLIC_MISS_LIMIT)
      throw tooMany(TOO_MANY_ATTEMPTS, Math.max(1, row.wait));
    return { address, windowStart: row.windowStart };
  }

  /** The link of this request opened: its miss is given back. */
  async opened(ticket: PublicTicket): Promise<void> {
    await this.db.rows(
      sql`update public_rate_limits set misses = greatest(misses - 1, 0)
          where address = ${ticket.address} and window_start = ${ticket.windowStart}::timestamptz`,
    );
  }
}
