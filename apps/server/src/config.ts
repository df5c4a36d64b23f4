import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Everything the server reads from the environment, in one place (documented in the README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Secret mixed into every password hash; keep it out of the database. */
  passwordPepper: string;
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    passwordPepper: env.PASSWORD_PEPPER ?? devPepper(env),
    scryptCost: Number(env.SCRYPT_COST ?? 2 ** 17),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 8 * 60),
    sessionAbsoluteHours: Number(env.SESSION_ABSOLUTE_HOURS ?? 7 * 24),
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    nodeEnv: env.NODE_ENV ?? 'development',
    mailTransport: oneOf(
      env.MAIL_TRANSPORT,
      ['smtp', 'outbox'],
      env.NODE_ENV === 'production' ? 'smtp' : 'outbox',
    ),
    smsProvider: oneOf(env.SMS_PROVIDER, ['record', 'http'], env.SMS_HTTP_URL ? 'http' : 'record'),
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    smsHttpToken: env.SMS_HTTP_TOKEN || undefined,
  };
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (!value) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`Unknown value '${value}'; expected one of ${allowed.join(', ')}`);
}

/** Development fallback so `npm start` works out of the box; production must set PASSWORD_PEPPER. */
function devPepper(env: NodeJS.ProcessEnv): string {
  if (env.NODE_ENV === 'production') throw new Error('PASSWORD_PEPPER must be set in production');
  return 'dev-pepper-change-me';
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
