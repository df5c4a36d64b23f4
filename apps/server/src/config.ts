// Over 300 lines: every environment variable the server reads, parsed and checked in one place (the README's Configuration table is its mirror).
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parsePublicBaseUrl } from './public-url.js';

/** Everything the server reads from the environment, in one place (documented in the README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL pool and session settings (ignored on PGlite). */
  pg: PgOptions;
  /** Secret mixed into every password hash; keep it out of the database. */
  passwordPepper: string;
  /**
   * Key of the stored secrets the server reads back (mailbox passwords; resources/secrets.ts). Values
   * written before it existed were encrypted with the password pepper and are still read with it.
   */
  secretsKey: string;
  /** scrypt cost parameter N (OWASP: 2^17 with r=8, p=1). Tests may lower it. */
  scryptCost: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  webDist?: string;
  logLevel: string;
  mapTileUrl: string;
  nodeEnv: string;
  /** `smtp` sends invoice e-mails through the brand's mailbox; `outbox` only records them as sent. */
  mailTransport: 'smtp' | 'outbox';
  /** `record` records texts as sent; `http` POSTs each text as JSON to smsHttpUrl. */
  smsProvider: 'record' | 'http';
  smsHttpUrl?: string;
  /** Sent as `Authorization: Bearer …` to smsHttpUrl when set. */
  smsHttpToken?: string;
  /**
   * Which X-Forwarded-For hops to believe for the client address (login throttling): false (none, the
   * default), a number of proxies in front of the server, or the proxies' addresses/CIDRs.
   */
  trustProxy: TrustProxy;
  /** The metrics scraper's secret (`Authorization: Bearer …` on GET /api/metrics); unset: metrics refused. */
  metricsToken?: string;
  /** The phone system's secret (`Authorization: Bearer …` on POST /api/callLog/ingest); unset: ingest refused. */
  pbxToken?: string;
  /** PUBLIC_BASE_URL without a trailing slash: every link sent out is built on it (public-url.ts publicUrl). */
  publicBaseUrl: string;
  /** SEED_DEMO=1: seed the demo data (published PINs) into an empty database; refused in production. */
  seedDemo: boolean;
  /**
   * Strict-Transport-Security: `auto` sends it on requests that arrived over https (directly, or per
   * X-Forwarded-Proto from a trusted proxy, TRUST_PROXY); `on` always; `off` never.
   */
  hsts: 'auto' | 'on' | 'off';
  /** SIGTERM waits this long for the job in flight, the requests in flight and the database, then exits. */
  shutdownTimeoutMs: number;
  /** Where uploaded and generated files live (FILE_STORE; files/blob-store.ts). */
  fileStore: FileStoreOptions;
}

/**
 * FILE_STORE: `disk` (under DATA_DIR/files; the default on PGlite), `postgres` (chunked rows in the
 * database; the default with DATABASE_URL, so every process shares the files) or `s3` (an S3-compatible
 * bucket: S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, S3_PREFIX).
 */
export interface FileStoreOptions {
  driver: 'disk' | 'postgres' | 's3';
  s3?: {
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    prefix?: string;
  };
}

export interface PgOptions {
  poolMax: number;
  /**
   * Connections for the read statements (Database.listRows, listTuples, statement), apart from the pool of
   * writes and transactions (decision 0036); 0 = reads share that pool.
   */
  readPoolMax: number;
  /** statement_timeout of every session; 0 = none. */
  statementTimeoutMs: number;
  /** How long to wait for a connection (new or from the pool) before failing; 0 = for ever. */
  connectTimeoutMs: number;
  /** How long an idle pooled connection is kept. */
  idleTimeoutMs: number;
  applicationName: string;
}

export type TrustProxy = false | number | string[];

/**
 * The environment as one zod schema: every variable is checked at start-up and every mistake is
 * reported at once, each naming the variable, the value and what was expected (README "Configuration").
 * An empty value counts as unset.
 */
const whole = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return fallback;
      const n = /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a whole number from ${min} to ${max}, got '${v}'`,
        });
        return z.NEVER;
      }
      return n;
    });

const choice = <T extends string>(allowed: readonly [T, ...T[]]) =>
  z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v !== undefined && !(allowed as readonly string[]).includes(v))
        ctx.addIssue({ code: 'custom', message: `expected one of ${allowed.join(', ')}, got '${v}'` });
    })
    .transform((v) => v as T | undefined);

const httpUrl = (what: string) =>
  z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      let url: URL | undefined;
      try {
        url = new URL(v);
      } catch {}
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        ctx.addIssue({ code: 'custom', message: `expected an http(s) URL (${what}), got '${v}'` });
    });

/** Runs one of the existing parsers (they throw with a full message) inside the schema. */
const parsed = <T>(parse: (v: string | undefined) => T) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parse(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    });

/**
 * Read connections per process by default: this machine's cores, at least 2 (decision 0042). More read statements
 * at once than the cores can run only made every statement, and the writes beside them, wait on the CPU.
 */
export const DEFAULT_READ_POOL_MAX = Math.max(2, os.availableParallelism());

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: choice(['development', 'production', 'test']),
  PORT: whole(3000, 0, 65535),
  HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v !== undefined && !/^postgres(ql)?:\/\/./i.test(v))
        ctx.addIssue({ code: 'custom', message: 'expected a postgres:// or postgresql:// connection URL' });
    }),
  PG_POOL_MAX: whole(10, 1, 1000),
  PG_READ_POOL_MAX: whole(DEFAULT_READ_POOL_MAX, 0, 1000),
  PG_STATEMENT_TIMEOUT_MS: whole(30_000, 0, 24 * 3600_000),
  PG_CONNECT_TIMEOUT_MS: whole(10_000, 0, 600_000),
  PG_IDLE_TIMEOUT_MS: whole(30_000, 0, 24 * 3600_000),
  PG_APPLICATION_NAME: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v !== undefined && !/^[\x20-\x7e]{1,63}$/.test(v))
        ctx.addIssue({ code: 'custom', message: 'expected 1 to 63 printable ASCII characters' });
    }),
  PASSWORD_PEPPER: z.string().optional(),
  SECRETS_KEY: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v !== undefined && v.length < 32)
        ctx.addIssue({ code: 'custom', message: 'must be at least 32 characters (a random secret)' });
    }),
  SCRYPT_COST: whole(2 ** 17, 2 ** 10, 2 ** 20).superRefine((n, ctx) => {
    if ((n & (n - 1)) !== 0)
      ctx.addIssue({ code: 'custom', message: `expected a power of two (e.g. 131072 = 2^17), got ${n}` });
  }),
  SESSION_IDLE_MINUTES: whole(8 * 60, 1, 366 * 24 * 60),
  SESSION_ABSOLUTE_HOURS: whole(7 * 24, 1, 366 * 24),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: choice(LOG_LEVELS),
  MAP_TILE_URL: httpUrl('with {z}, {x} and {y}').superRefine((v, ctx) => {
    if (v !== undefined && !['{z}', '{x}', '{y}'].every((p) => v.includes(p)))
      ctx.addIssue({ code: 'custom', message: `must contain {z}, {x} and {y}, got '${v}'` });
  }),
  MAIL_TRANSPORT: choice(['smtp', 'outbox']),
  SMS_PROVIDER: choice(['record', 'http']),
  SMS_HTTP_URL: httpUrl('the SMS gateway'),
  SMS_HTTP_TOKEN: z.string().optional(),
  TRUST_PROXY: parsed(parseTrustProxy),
  METRICS_TOKEN: parsed((v) => machineSecret('METRICS_TOKEN', v)),
  PBX_TOKEN: parsed((v) => machineSecret('PBX_TOKEN', v)),
  SEED_DEMO: choice(['0', '1', 'false', 'true']),
  HSTS: choice(['auto', 'on', 'off']),
  SHUTDOWN_TIMEOUT_MS: whole(25_000, 1000, 600_000),
  FILE_STORE: choice(['disk', 'postgres', 's3']),
  S3_ENDPOINT: httpUrl('the S3-compatible server'),
  S3_BUCKET: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      // S3 bucket naming rules: 3-63 lower-case letters, digits, dots and hyphens.
      if (v !== undefined && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v))
        ctx.addIssue({ code: 'custom', message: `expected an S3 bucket name, got '${v}'` });
    }),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v !== undefined && !/^[A-Za-z0-9_-][A-Za-z0-9._/-]{0,99}$/.test(v))
        ctx.addIssue({
          code: 'custom',
          message: `expected a key prefix of letters, digits, . _ - and /, got '${v}'`,
        });
    }),
});

/** Start-up refuses a configuration with these messages (one line per mistake, each naming the variable). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = rawEnv[key];
    env[key] = v === undefined || v === '' ? undefined : v;
  }
  const result = envSchema.safeParse(env);
  const problems = result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
  const production = env.NODE_ENV === 'production';
  if (production && !env.PASSWORD_PEPPER) problems.push('PASSWORD_PEPPER must be set in production');
  if (production && !env.SECRETS_KEY)
    problems.push(
      'SECRETS_KEY must be set in production (32 or more random characters; it encrypts stored mailbox passwords)',
    );
  if (production && (env.SEED_DEMO === '1' || env.SEED_DEMO === 'true'))
    problems.push(
      'SEED_DEMO is refused with NODE_ENV=production: the demo accounts and their PINs are published',
    );
  if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL) problems.push('SMS_PROVIDER=http needs SMS_HTTP_URL');
  if (env.FILE_STORE === 's3' && !env.S3_BUCKET) problems.push('FILE_STORE=s3 needs S3_BUCKET');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  let publicBaseUrl = '';
  try {
    publicBaseUrl = parsePublicBaseUrl(rawEnv.PUBLIC_BASE_URL, {
      nodeEnv: env.NODE_ENV ?? 'development',
      port: result.success ? result.data.PORT : 3000,
    });
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    pg: {
      poolMax: e.PG_POOL_MAX,
      readPoolMax: e.PG_READ_POOL_MAX,
      statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.PG_CONNECT_TIMEOUT_MS,
      idleTimeoutMs: e.PG_IDLE_TIMEOUT_MS,
      applicationName: e.PG_APPLICATION_NAME ?? 'glass-shop',
    },
    passwordPepper: e.PASSWORD_PEPPER ?? DEV_PEPPER,
    secretsKey: e.SECRETS_KEY ?? DEV_SECRETS_KEY,
    scryptCost: e.SCRYPT_COST,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL ?? 'info',
    mapTileUrl: e.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    nodeEnv: e.NODE_ENV ?? 'development',
    mailTransport: e.MAIL_TRANSPORT ?? (production ? 'smtp' : 'outbox'),
    smsProvider: e.SMS_PROVIDER ?? (e.SMS_HTTP_URL ? 'http' : 'record'),
    smsHttpUrl: e.SMS_HTTP_URL,
    smsHttpToken: e.SMS_HTTP_TOKEN,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    pbxToken: e.PBX_TOKEN,
    publicBaseUrl,
    seedDemo: e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    hsts: e.HSTS ?? 'auto',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    fileStore: {
      driver: e.FILE_STORE ?? (e.DATABASE_URL ? 'postgres' : 'disk'),
      s3:
        e.FILE_STORE === 's3' && e.S3_BUCKET
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION ?? 'us-east-1',
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              prefix: e.S3_PREFIX,
            }
          : undefined,
    },
  };
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/** At most this many proxies in a row: more is not a real deployment, and each one more believes a hop more. */
export const MAX_PROXY_HOPS = 3;
/** The widest range one entry may name: a proxy network, not the Internet. */
export const MIN_PREFIX = { 4: 8, 6: 32 } as const;
/** All entries together may cover at most this share of the address space (16 × /8, 16 × /32). */
const MAX_COVERED = { 4: 16 * 2 ** 24, 6: 16 * 2 ** 96 } as const;

const TRUST_PROXY_HELP =
  'expected false, a number of proxies in front of the server (1 to 3), or a comma-separated list of the ' +
  "proxies' addresses or CIDRs (e.g. TRUST_PROXY=10.0.0.0/8,192.168.1.5)";

/**
 * TRUST_PROXY: unset/`false`/`0` trusts no X-Forwarded-For at all; a whole number N from 1 to 3 believes
 * the last N hops (N proxies in front); a comma-separated list of addresses, CIDRs or proxy-addr range
 * names (loopback, linklocal, uniquelocal) believes hops only from those proxies. Refused, each with one
 * line saying why (start-up stops with exit code 1): `true` and hop counts above 3 (every hop, or nearly:
 * a client could pick its own address and escape the login throttle); a range wider than /8 (IPv4) or
 * /32 (IPv6) outside IPv6's private ranges (fc00::/7, fe80::/10), IPv4-mapped ranges included; a list covering more than 16 such ranges; anything else that
 * is not an address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v.toLowerCase() === 'false' || v === '0') return false;
  if (v.toLowerCase() === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe every X-Forwarded-For hop, so a client could pick its own address ' +
        'and escape the login throttle. Set the number of proxies in front of the server (e.g. TRUST_PROXY=1) ' +
        'or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,192.168.1.5).',
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_PROXY_HOPS)
      throw new Error(
        `TRUST_PROXY=${v.slice(0, 20)}: at most ${MAX_PROXY_HOPS} proxies in front of the server; more would ` +
          "believe hops a client wrote itself (list the proxies' addresses instead)",
      );
    return hops;
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0)
    throw new Error(`TRUST_PROXY=${v}: no proxy addresses given; ${TRUST_PROXY_HELP}`);
  const covered = { 4: 0, 6: 0 };
  for (const entry of entries) {
    const range = proxyRange(entry);
    if (range === 'named') continue;
    if (!range)
      throw new Error(
        `TRUST_PROXY: '${entry.slice(0, 60)}' is not an IP address, CIDR or one of ${PROXY_RANGE_NAMES.join(', ')}; ${TRUST_PROXY_HELP}`,
      );
    if (range.private) continue;
    if (range.prefix < MIN_PREFIX[range.family])
      throw new Error(
        `TRUST_PROXY: '${entry}' covers too much of the address space to name proxies (at most /${MIN_PREFIX[range.family]} ` +
          `for IPv${range.family}): it would believe addresses clients wrote themselves`,
      );
    covered[range.family] += 2 ** ((range.family === 4 ? 32 : 128) - range.prefix);
  }
  if (covered[4] > MAX_COVERED[4] || covered[6] > MAX_COVERED[6])
    throw new Error(
      `TRUST_PROXY: the list covers too much of the address space to name proxies (more than 16 /8 IPv4 or /32 IPv6 ranges together); ${TRUST_PROXY_HELP}`,
    );
  return entries.map((e) => (PROXY_RANGE_NAMES.includes(e.toLowerCase()) ? e.toLowerCase() : e));
}

/**
 * The config as Fastify's `trustProxy` option. A hop count becomes proxy-addr's trust function
 * `(address, i) => i < hops` (the socket peer is i = 0, then X-Forwarded-For from its right end), because
 * Fastify itself treats a number as "trust nothing". Hop counts cannot check who the peer is: use them only
 * when clients cannot reach the server except through the proxies; an address list checks the peer.
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * The range a TRUST_PROXY entry names: its family and prefix length, an IPv4-mapped IPv6 range
 * (`::ffff:0:0/96`) counted as the IPv4 range it is to proxy-addr; `named` for loopback & co.; undefined
 * when it is not an address or CIDR (zone ids like `fe80::1%eth0` included: proxy-addr refuses them).
 */
function proxyRange(
  entry: string,
): { family: 4 | 6; prefix: number; private?: boolean } | 'named' | undefined {
  if (PROXY_RANGE_NAMES.includes(entry.toLowerCase())) return 'named';
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = isIP(address) as 0 | 4 | 6;
  if (!family || rest.length > 0 || address.includes('%')) return undefined;
  const full = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? full : Number(prefixText);
  if (prefix > full) return undefined;
  if (
    family === 6 &&
    /^(0{0,4}:){0,5}:?ffff:/i.test(address) &&
    /[.:]/.test(address.split(/ffff:/i)[1] ?? '')
  )
    return { family: 4, prefix: Math.max(0, prefix - 96) };
  // Inside the unique local (fc00::/7) or link-local (fe80::/10) ranges: private networks, whatever the width.
  const head = Number.parseInt(address.split(':')[0] || '0', 16);
  if (
    family === 6 &&
    ((prefix >= 7 && (head & 0xfe00) === 0xfc00) || (prefix >= 10 && (head & 0xffc0) === 0xfe80))
  )
    return { family, prefix, private: true };
  return { family, prefix };
}

/** A machine caller's secret: unset disables its routes; a short one would be guessable. */
function machineSecret(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 24) throw new Error(`${name} must be at least 24 characters (a random secret)`);
  return value;
}

/** Development fallbacks so `npm start` works out of the box; production must set both (loadConfig). */
const DEV_PEPPER = 'dev-pepper-change-me';
const DEV_SECRETS_KEY = 'dev-secrets-key-change-me-not-for-production';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
