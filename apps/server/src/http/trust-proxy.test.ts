import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { loadConfig, parseTrustProxy } from '../config.js';

/**
 * Security hole 4: with TRUST_PROXY=true every X-Forwarded-For hop was believed, so a client could rotate
 * a made-up first address and never reach the per-address login limit (20 failures in 15 minutes).
 * Now only the configured proxies (a hop count or their addresses) are trusted.
 */
const run = randomBytes(3).toString('hex');
let seq = 0;
const uniqueUser = () => `x${run}${seq++}`;

/** A failed login; the address the server saw is read back from login_failures. */
async function failedLogin(app: App, remoteAddress: string, xff?: string) {
  const userName = uniqueUser();
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userName, password: '000000' },
    headers: xff ? { 'x-forwarded-for': xff } : {},
    remoteAddress,
  });
  const rows = await app.deps.db.rows<{ ip: string }>(
    sql`select client_ip as ip from login_failures where user_name = ${userName}`,
  );
  return { status: res.statusCode, seenAs: rows[0]?.ip, res };
}

const forget = (app: App, ip: string) =>
  app.deps.db.rows(sql`delete from login_failures where client_ip = ${ip}`);

describe('security: TRUST_PROXY is parsed strictly at start-up (hole 4)', () => {
  it('defaults to trusting no forwarded address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });

  it('accepts a hop count or a list of proxy addresses and CIDRs', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,Loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses `true` (every hop believed) with a message saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
    expect(() => parseTrustProxy('TRUE')).toThrow(/every X-Forwarded-For hop/);
  });

  it('refuses anything that is not an address, CIDR or hop count', () => {
    for (const bad of [
      'yes',
      '10.0.0.1/33',
      '10.0.0/8',
      'proxy.example.com',
      '::1/129',
      '1.2.3.4/8/1',
      ',',
      '-1',
      'fe80::1%eth0',
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('accepts 1 to 3 proxy hops and refuses more (issue #31 item 7)', () => {
    expect(parseTrustProxy('3')).toBe(3);
    for (const hops of ['4', '100', '99999999999999999999'])
      expect(() => parseTrustProxy(hops), hops).toThrow(/at most 3 proxies/);
  });

  it('refuses ranges and lists that cover the address space instead of naming proxies (issue #31 item 7)', () => {
    for (const wide of [
      '0.0.0.0/0',
      '0.0.0.0/1,128.0.0.0/1',
      '10.0.0.1, 0.0.0.0/7',
      '::/0',
      '2000::/3',
      '2001:db8::/31',
      '::ffff:0:0/96', // every IPv4 address, written as IPv4-mapped IPv6
      '::ffff:0.0.0.0/100',
    ])
      expect(() => parseTrustProxy(wide), wide).toThrow(/covers too much of the address space/);
    const seventeen = Array.from({ length: 17 }, (_, i) => `${i + 1}.0.0.0/8`).join(',');
    expect(() => parseTrustProxy(seventeen)).toThrow(/the list covers too much/);
    // Proxy networks pass: a /8, an IPv6 /32, sixteen /8s, IPv4-mapped small ranges, the named ranges.
    expect(parseTrustProxy('10.0.0.0/8,2001:db8::/32,::ffff:10.0.0.0/104,uniquelocal')).toHaveLength(4);
    expect(parseTrustProxy('fc00::/7,fe80::/10')).toHaveLength(2);
    expect(parseTrustProxy(seventeen.split(',').slice(0, 16).join(','))).toHaveLength(16);
  });

  it('a wrong value stops start-up with one configuration line and exit code 1, no stack trace', () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    // Each start-up compiles the server with tsx (seconds on a loaded machine): two of the values suffice.
    for (const value of ['0.0.0.0/0', '100']) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: { PATH: process.env.PATH, TRUST_PROXY: value, DATA_DIR: '/nonexistent-never-opened' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status, `${value}: ${r.stderr}`).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines, value).toHaveLength(2);
      expect(lines[0]).toBe('Invalid configuration:');
      expect(lines[1]).toMatch(/^ {2}- TRUST_PROXY: /);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    }
  }, 180_000);
});

describe('security: forwarded addresses cannot be spoofed past the login throttle (hole 4)', () => {
  describe('TRUST_PROXY unset', () => {
    let app: App;
    beforeAll(async () => {
      app = await createTestApp({ trustProxy: false });
    });
    afterAll(() => app?.close());

    it('ignores X-Forwarded-For entirely', async () => {
      const r = await failedLogin(app, '198.51.100.7', '203.0.113.9');
      expect(r.status).toBe(401);
      expect(r.seenAs).toBe('198.51.100.7');
      await forget(app, '198.51.100.7');
    });
  });

  describe('TRUST_PROXY=1 (one load balancer in front)', () => {
    let app: App;
    const proxy = '10.200.0.1';
    const real = '203.0.113.41';
    beforeAll(async () => {
      app = await createTestApp({ trustProxy: 1 });
    });
    afterAll(async () => {
      await forget(app, real);
      await app?.close();
    });

    it('sees the client as the hop the proxy added (the last one), not the first one the client wrote', async () => {
      const r = await failedLogin(app, proxy, `6.6.6.6, ${real}`);
      expect(r.status).toBe(401);
      expect(r.seenAs).toBe(real);
      await forget(app, real);
    });

    it('still refuses the address after 20 failures while the client rotates a spoofed first hop', async () => {
      for (let i = 0; i < 20; i++) {
        const r = await failedLogin(app, proxy, `172.16.${i}.${i + 1}, ${real}`);
        expect(r.status, `attempt ${i + 1}`).toBe(401);
        expect(r.seenAs).toBe(real);
      }
      const blocked = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userName: uniqueUser(), password: '000000' },
        headers: { 'x-forwarded-for': `1.2.3.4, ${real}` },
        remoteAddress: proxy,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['content-type']).toContain('application/problem+json');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('TRUST_PROXY=<proxy list>', () => {
    let app: App;
    const proxy = '10.201.5.5';
    beforeAll(async () => {
      app = await createTestApp({ trustProxy: ['10.201.0.0/16'] });
    });
    afterAll(() => app?.close());

    it('honours X-Forwarded-For from the listed proxy', async () => {
      const r = await failedLogin(app, proxy, '203.0.113.52');
      expect(r.seenAs).toBe('203.0.113.52');
      await forget(app, '203.0.113.52');
    });

    it('stops at the first untrusted hop when the client prepends spoofed addresses', async () => {
      const r = await failedLogin(app, proxy, '6.6.6.6, 203.0.113.53');
      expect(r.seenAs).toBe('203.0.113.53');
      await forget(app, '203.0.113.53');
    });

    it('ignores X-Forwarded-For from any other caller', async () => {
      const r = await failedLogin(app, '198.51.100.8', '203.0.113.54');
      expect(r.seenAs).toBe('198.51.100.8');
      await forget(app, '198.51.100.8');
    });
  });
});
