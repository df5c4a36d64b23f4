import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { hashPassword } from '../../auth/password.js';
import { auth, createTestApp } from '../../../test/harness.js';
import { TEST_PEPPER, TEST_SCRYPT_COST } from '../../../test/constants.js';

/**
 * Login throttling under concurrency (security issue #12, holes 2 and 7). Every test uses throwaway
 * accounts and addresses of its own (other test files share the PostgreSQL database and sign in as the
 * demo users), and removes what it created.
 */
let app: App;
const run = randomInt(100_000, 999_999);
const names: string[] = [];
const ips: string[] = [];

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  const db = app.deps.db;
  for (const n of names) {
    await db.rows(sql`delete from login_failures where user_name = ${n}`);
    await db.rows(sql`delete from sessions where user_id in (select id from users where user_name = ${n})`);
    await db
      .rows(sql`delete from users where user_name = ${n}`)
      .catch(() => db.rows(sql`update users set is_active = false where user_name = ${n}`));
  }
  for (const ip of ips) await db.rows(sql`delete from login_failures where client_ip = ${ip}`);
  await app.close();
});

let ipSeq = 0;
/** An address no other test file uses (the harness's nextIp() starts over in every file). */
function freshIp() {
  const ip = `10.${200 + (run % 50)}.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;
  ips.push(ip);
  return ip;
}

let userSeq = 0;
/** A throwaway active account with the reviewer's role and facility. */
async function throwawayUser(pin: string) {
  const userName = `ha${run}${userSeq++}`;
  names.push(userName);
  const hash = await hashPassword(pin, { pepper: TEST_PEPPER, cost: TEST_SCRYPT_COST });
  await app.deps.db.rows(
    sql`insert into users (user_name, password_hash, first_name, last_name, user_role_id, facility_id)
        select ${userName}, ${hash}, 'Throttle', 'Test', user_role_id, facility_id from users where user_name = '106'`,
  );
  return userName;
}

const loginAs = (userName: string, password: string, remoteAddress = freshIp()) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { userName, password }, remoteAddress });

const failuresOf = async (userName: string) =>
  (
    await app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from login_failures where user_name = ${userName}`,
    )
  )[0].n;

const codes = (responses: { statusCode: number }[]) => {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
};

describe('security: the login lock cannot be outrun by a concurrent burst (hole 2)', () => {
  it('19 concurrent wrong PINs for one account: at most 5 reach the password check, the rest are 429', async () => {
    const user = await throwawayUser('246802');
    const res = await Promise.all(Array.from({ length: 19 }, (_, i) => loginAs(user, `1357${10 + i}`)));
    const c = codes(res);
    expect(c[401] ?? 0).toBeLessThanOrEqual(5);
    expect((c[401] ?? 0) + (c[429] ?? 0)).toBe(19);
    for (const r of res.filter((r) => r.statusCode === 429)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.headers['content-type']).toContain('application/problem+json');
    }
    expect(await failuresOf(user)).toBeLessThanOrEqual(5);
    // and the account is locked now, even for the right PIN
    const after = await loginAs(user, '246802');
    expect(after.statusCode).toBe(429);
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a right PIN in the middle of a burst of wrong ones does not erase the burst’s failures', async () => {
    const user = await throwawayUser('802468');
    const pins = Array.from({ length: 19 }, (_, i) => (i === 2 ? '802468' : `9753${10 + i}`));
    const res = await Promise.all(pins.map((p) => loginAs(user, p)));
    const c = codes(res);
    expect(c[401] ?? 0).toBeLessThanOrEqual(5);
    expect(c[200] ?? 0).toBeLessThanOrEqual(1);
    expect((c[200] ?? 0) + (c[401] ?? 0) + (c[429] ?? 0)).toBe(19);
    // every failure answered 401 is still on the account's record
    expect(await failuresOf(user)).toBe(c[401] ?? 0);
    // so exactly 5 failures in all lock it: the burst's plus those that follow now
    let more = 0;
    for (let i = 0; i < 6; i++) {
      const r = await loginAs(user, `86420${i}`);
      if (r.statusCode === 429) break;
      expect(r.statusCode).toBe(401);
      more++;
    }
    expect((c[401] ?? 0) + more).toBe(5);
    expect((await loginAs(user, '802468')).statusCode).toBe(429);
  });

  it('a successful login removes only its own attempt, not earlier failures', async () => {
    const user = await throwawayUser('135792');
    expect((await loginAs(user, '000001')).statusCode).toBe(401);
    expect((await loginAs(user, '000002')).statusCode).toBe(401);
    expect((await loginAs(user, '135792')).statusCode).toBe(200);
    expect(await failuresOf(user)).toBe(2);
  });

  it('a concurrent burst from one address across many user names: at most 20 reach the password check', async () => {
    const ip = freshIp();
    const burst = Array.from({ length: 30 }, (_, i) => `hb${run}${i}`);
    names.push(...burst);
    const res = await Promise.all(burst.map((n) => loginAs(n, '123123', ip)));
    const c = codes(res);
    expect(c[401] ?? 0).toBeLessThanOrEqual(20);
    expect((c[401] ?? 0) + (c[429] ?? 0)).toBe(30);
    const [{ n }] = await app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from login_failures where client_ip = ${ip}`,
    );
    expect(n).toBeLessThanOrEqual(20);
    // the address stays refused, for a real account with its right PIN too
    const user = await throwawayUser('975310');
    expect((await loginAs(user, '975310', ip)).statusCode).toBe(429);
    expect((await loginAs(user, '975310')).statusCode).toBe(200);
  });
});

describe('the account lock lasts 15 minutes from the last failure, as Retry-After says', () => {
  /** Failures of the account recorded minutes ago (from an address of their own). */
  const failedMinutesAgo = async (user: string, minutes: number[]) => {
    const ip = freshIp();
    for (const m of minutes)
      await app.deps.db.rows(
        sql`insert into login_failures (user_name, client_ip, at)
            values (${user}, ${ip}, now() - make_interval(secs => ${m * 60}::double precision))`,
      );
  };
  /** Moves every failure of the account this many seconds into the past (time passing). */
  const elapse = (user: string, seconds: number) =>
    app.deps.db.rows(
      sql`update login_failures set at = at - make_interval(secs => ${seconds}::int) where user_name = ${user}`,
    );

  it('5 failures within 15 minutes lock the account until 15 minutes after the 5th, though the 1st left the window', async () => {
    const user = await throwawayUser('314159');
    // 20, 19, 18, 17 and 6 minutes ago: five failures within 14 minutes; only one is in the last 15
    await failedMinutesAgo(user, [20, 19, 18, 17, 6]);
    const locked = await loginAs(user, '314159');
    expect(locked.statusCode).toBe(429);
    const wait = Number(locked.headers['retry-after']);
    // 9 minutes to go (a second or two of test time either way)
    expect(wait).toBeGreaterThanOrEqual(9 * 60 - 5);
    expect(wait).toBeLessThanOrEqual(9 * 60 + 1);
    expect(locked.json().detail).toBe('Too many failed logins for this account. Try again in 9 minutes.');
    // still locked a little before Retry-After runs out, and refused attempts do not prolong it
    await elapse(user, wait - 30);
    const later = await loginAs(user, '314159');
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(31);
    // open once it has
    await elapse(user, 31);
    expect((await loginAs(user, '314159')).statusCode).toBe(200);
  });

  it('failures spread over more than 15 minutes never make a run of 5: no lock', async () => {
    const user = await throwawayUser('271828');
    await failedMinutesAgo(user, [40, 34, 28, 22, 6]);
    expect((await loginAs(user, '271828')).statusCode).toBe(200);
  });

  it('4 failures in the window and a 5th now lock for 15 minutes from now', async () => {
    const user = await throwawayUser('161803');
    await failedMinutesAgo(user, [14, 10, 5, 1]);
    expect((await loginAs(user, '000000')).statusCode).toBe(401);
    const locked = await loginAs(user, '161803');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(15 * 60 - 5);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // 14 minutes on, the first four have left the window but the lock holds
    await elapse(user, 14 * 60);
    expect((await loginAs(user, '161803')).statusCode).toBe(429);
    await elapse(user, 60);
    expect((await loginAs(user, '161803')).statusCode).toBe(200);
  });

  it('the address limit lifts when its oldest failure leaves the window, as its Retry-After says', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      await app.deps.db.rows(
        sql`insert into login_failures (user_name, client_ip, at)
            values (${`hd${run}${i}`}, ${ip}, now() - make_interval(mins => ${i < 1 ? 10 : 2}::int))`,
      );
    const user = await throwawayUser('141421');
    const refused = await loginAs(user, '141421', ip);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(5 * 60 - 5);
    expect(wait).toBeLessThanOrEqual(5 * 60 + 1);
    await app.deps.db.rows(
      sql`update login_failures set at = at - make_interval(secs => ${wait}::int) where client_ip = ${ip}`,
    );
    expect((await loginAs(user, '141421', ip)).statusCode).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL)('security: the lock holds across server processes (hole 2)', () => {
  it('a burst split between two processes (two connection pools) still checks at most 5', async () => {
    const other = await createTestApp();
    try {
      const user = await throwawayUser('579135');
      const res = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : app).inject({
            method: 'POST',
            url: '/api/login',
            payload: { userName: user, password: `2468${10 + i}` },
            remoteAddress: freshIp(),
          }),
        ),
      );
      const c = codes(res);
      expect(c[401] ?? 0).toBeLessThanOrEqual(5);
      expect((c[401] ?? 0) + (c[429] ?? 0)).toBe(20);
      expect(await failuresOf(user)).toBeLessThanOrEqual(5);
    } finally {
      await other.close();
    }
  });
});

describe('security: changing the password is not an unthrottled PIN oracle (hole 7)', () => {
  const change = (token: string, currentPassword: string, remoteAddress = freshIp()) =>
    app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { currentPassword, newPassword: '924680', confirmPassword: '924680' },
      headers: auth(token),
      remoteAddress,
    });
  const tokenOf = async (user: string, pin: string) => {
    const res = await loginAs(user, pin);
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };

  it('wrong current PINs count as failed logins: the 6th try is 429 even with the right PIN', async () => {
    const user = await throwawayUser('468024');
    const token = await tokenOf(user, '468024');
    for (let i = 0; i < 5; i++) {
      const r = await change(token, `11223${i}`);
      expect(r.statusCode).toBe(400);
      expect(r.json().errors.currentPassword).toBeDefined();
    }
    const locked = await change(token, '468024');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // the password did not change, and signing in to that account is locked too
    expect((await loginAs(user, '924680')).statusCode).toBe(429);
    await app.deps.db.rows(sql`delete from login_failures where user_name = ${user}`);
    expect((await loginAs(user, '468024')).statusCode).toBe(200);
  });

  it('a concurrent burst of wrong current PINs: at most 5 are checked', async () => {
    const user = await throwawayUser('680246');
    const token = await tokenOf(user, '680246');
    const res = await Promise.all(Array.from({ length: 15 }, (_, i) => change(token, `5566${10 + i}`)));
    const c = codes(res);
    expect(c[400] ?? 0).toBeLessThanOrEqual(5);
    expect((c[400] ?? 0) + (c[429] ?? 0)).toBe(15);
    expect(await failuresOf(user)).toBeLessThanOrEqual(5);
  });

  it('wrong current PINs count against the address too', async () => {
    const ip = freshIp();
    const user = await throwawayUser('024680');
    const token = await tokenOf(user, '024680');
    // 19 failed logins from this address across other names, then one wrong current PIN fills it
    for (let i = 0; i < 19; i++) expect((await loginAs(`hc${run}${i}`, '123123', ip)).statusCode).toBe(401);
    names.push(...Array.from({ length: 19 }, (_, i) => `hc${run}${i}`));
    expect((await change(token, '999990', ip)).statusCode).toBe(400);
    expect((await change(token, '024680', ip)).statusCode).toBe(429);
    // from another address the right current PIN still works
    expect((await change(token, '024680')).statusCode).toBe(200);
  });
});
