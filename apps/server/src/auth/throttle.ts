import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tooMany } from '../http/errors.js';

/**
 * Login throttling (policy in the README). A 6-digit PIN is only a million combinations, so failures are
 * counted both per account and per client address, in the database so that every server process agrees:
 * - 5 failures for one user name within 15 minutes lock that account for 15 minutes from the last of
 *   them (Retry-After counts down to that moment), even when the first of them leaves the window sooner;
 * - 20 failures from one address within 15 minutes (any accounts) refuse that address until it falls below
 *   (Retry-After: until its oldest failure leaves the window).
 *
 * Concurrency: an attempt reserves its slot BEFORE the slow password hash. `reserveAttempt` takes
 * transaction-level advisory locks on the user name and on the address (always in that order, so two
 * attempts never wait on each other in a cycle), counts the window and, when there is room, inserts the
 * attempt as a failure row, all in one short transaction. An attempt in flight therefore already counts,
 * so however many requests arrive at once, on one process or many, at most 5 per account and 20 per
 * address are ever checked or recorded per window. The row stays as the failure when the PIN is wrong
 * (or the check never finishes); a success removes only its own row (`attemptSucceeded`): it does not
 * erase other failures of the account, which may belong to a concurrent burst. Failures expire with the
 * window; rows older than a day are pruned.
 *
 * Changing the password uses the same reservation for the current PIN (a wrong one counts as a failed
 * login of that account and address).
 */
export const ACCOUNT_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
export const WINDOW_MINUTES = 15;

/** Advisory lock classes (two-key form, apart from the single-key locks elsewhere). */
const ACCOUNT_LOCK = 4_726_011;
const ADDRESS_LOCK = 4_726_012;

/**
 * The address a failure counts against: an IPv4-mapped IPv6 address as its IPv4 form, any other IPv6
 * address as its /64 (one subscriber usually holds a whole /64, so counting single addresses would let
 * it rotate through them).
 */
export function throttleAddress(ip: string): string {
  const text = (ip || 'unknown').trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped) return mapped[1];
  if (!isIPv6(text)) return text;
  const [head, tail = ''] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // an embedded IPv4 tail takes two groups; only the first four groups matter here
  const rightGroups = right.flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const groups = text.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - rightGroups.length)).fill('0'), ...rightGroups]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * Reserves one login attempt for this user name and address, or throws 429 (with Retry-After) when the
 * account or the address is over its limit. Returns the reserved row's id, which is counted as a failure
 * until `attemptSucceeded` removes it.
 */
export async function reserveAttempt(db: Database, userName: string, ip: string): Promise<number> {
  const name = userName.slice(0, 50);
  const address = throttleAddress(ip).slice(0, 100);
  const row = await db.transaction(async (tx) => {
    await tx.rows(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}::int, hashtext(${name}::text))`);
    await tx.rows(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}::int, hashtext(${address}::text))`);
    // A statement of its own after the locks: under READ COMMITTED it sees every attempt committed by
    // whoever held the locks before.
    // The account is locked while its latest failure is under 15 minutes old and it closed a run of 5
    // failures within 15 minutes ("burst": the failures in the 15 minutes up to and including it).
    // Refused attempts are not recorded, so nothing moves the lock's end once it is set: it ends 15
    // minutes after the failure that set it, as Retry-After says. (Without a lock, every failure of the
    // last 15 minutes lies in that run too, so the burst count is also the window's count.)
    // The address limit is a sliding window: it lifts when its oldest failure leaves the window.
    const [r] = await tx.rows<{
      burst: number;
      address: number;
      accountWait: number | null;
      addressWait: number | null;
      id: number | null;
    }>(
      sql`with latest as (
            select max(at) as at from login_failures
            where user_name = ${name}::text and at > now() - make_interval(mins => ${WINDOW_MINUTES}::int)
          ), acct as (
            select (select count(*)::int from login_failures f
                     where f.user_name = ${name}::text
                       and f.at >= latest.at - make_interval(mins => ${WINDOW_MINUTES}::int)
                       and f.at <= latest.at) as burst,
                   ceil(extract(epoch from latest.at
                     + make_interval(mins => ${WINDOW_MINUTES}::int) - now()))::int as "accountWait"
            from latest
          ), addr as (
            select count(*)::int as address,
                   ceil(extract(epoch from min(at)
                     + make_interval(mins => ${WINDOW_MINUTES}::int) - now()))::int as "addressWait"
            from login_failures
            where client_ip = ${address}::text and at > now() - make_interval(mins => ${WINDOW_MINUTES}::int)
          ), c as (
            select acct.burst, acct."accountWait", addr.address, addr."addressWait" from acct, addr
          ), ins as (
            insert into login_failures (user_name, client_ip)
            select ${name}::text, ${address}::text from c
            where c.burst < ${ACCOUNT_MAX_FAILURES}::int and c.address < ${ADDRESS_MAX_FAILURES}::int
            returning id
          )
          select c.*, (select id from ins) as id from c`,
    );
    return r;
  });
  if (row.id != null) return row.id;
  if (row.burst >= ACCOUNT_MAX_FAILURES) {
    const wait = Math.max(1, row.accountWait ?? 1);
    throw tooMany(
      `Too many failed logins for this account. Try again in ${Math.ceil(wait / 60)} minutes.`,
      wait,
    );
  }
  const wait = Math.max(1, row.addressWait ?? 1);
  throw tooMany(
    `Too many failed logins from this address. Try again in ${Math.ceil(wait / 60)} minutes.`,
    wait,
  );
}

/** The reserved attempt failed: its row stays as the failure. Prunes rows older than a day. */
export async function attemptFailed(db: Database) {
  await db.rows(sql`delete from login_failures where at < now() - interval '1 day'`);
}

/** The reserved attempt succeeded: removes its own row only (never other failures of the account). */
export async function attemptSucceeded(db: Database, attemptId: number) {
  await db.rows(sql`delete from login_failures where id = ${attemptId}`);
}
