import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tooMany } from '../http/errors.js';

/**
 * Login throttling (policy in the README). A 6-digit PIN is only a million combinations, so failures are
 * counted both per account and per client address, in the database so that every server process agrees:
 * - 5 failures for one user name within 15 minutes lock that account for 15 minutes from the last failure;
 * - 20 failures from one address within 15 minutes (any accounts) refuse that address until it falls below.
 * A success clears the account's failures (not the address's). Rows older than a day are pruned.
 */
export const ACCOUNT_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
export const WINDOW_MINUTES = 15;

export async function assertLoginAllowed(db: Database, userName: string, ip: string) {
  const [row] = await db.rows<{
    account: number;
    address: number;
    accountLast: string | null;
    addressFirst: string | null;
  }>(
    sql`select
          count(*) filter (where user_name = ${userName})::int as account,
          count(*) filter (where client_ip = ${ip})::int as address,
          max(at) filter (where user_name = ${userName}) as "accountLast",
          min(at) filter (where client_ip = ${ip}) as "addressFirst"
        from login_failures
        where (user_name = ${userName} or client_ip = ${ip}) and at > now() - make_interval(mins => ${WINDOW_MINUTES})`,
  );
  if (row.account >= ACCOUNT_MAX_FAILURES) {
    const wait = secondsUntil(row.accountLast, WINDOW_MINUTES);
    throw tooMany(
      `Too many failed logins for this account. Try again in ${Math.ceil(wait / 60)} minutes.`,
      wait,
    );
  }
  if (row.address >= ADDRESS_MAX_FAILURES) {
    const wait = secondsUntil(row.addressFirst, WINDOW_MINUTES);
    throw tooMany(
      `Too many failed logins from this address. Try again in ${Math.ceil(wait / 60)} minutes.`,
      wait,
    );
  }
}

function secondsUntil(from: string | null, minutes: number) {
  const start = from ? Date.parse(from) : Date.now();
  return Math.max(1, Math.ceil((start + minutes * 60_000 - Date.now()) / 1000));
}

export async function recordLoginFailure(db: Database, userName: string, ip: string) {
  await db.rows(
    sql`insert into login_failures (user_name, client_ip) values (${userName.slice(0, 50)}, ${ip})`,
  );
  await db.rows(sql`delete from login_failures where at < now() - interval '1 day'`);
}

export async function clearAccountFailures(db: Database, userName: string) {
  await db.rows(sql`delete from login_failures where user_name = ${userName}`);
}
