import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { shouldSeedDemo } from './db/empty.js';

const production = {
  NODE_ENV: 'production',
  PASSWORD_PEPPER: 'p'.repeat(32),
  SECRETS_KEY: 's'.repeat(32),
  PUBLIC_BASE_URL: 'https://shop.example.com',
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  return [];
};

describe('configuration is validated by one schema at start-up (issue #16)', () => {
  it('has working defaults for development and reads numbers, enums and URLs', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      scryptCost: 2 ** 17,
      sessionIdleMinutes: 480,
      sessionAbsoluteHours: 168,
      logLevel: 'info',
      mailTransport: 'outbox',
      smsProvider: 'record',
      seedDemo: false,
      hsts: 'auto',
      pg: {
        poolMax: 10,
        statementTimeoutMs: 30000,
        connectTimeoutMs: 10000,
        idleTimeoutMs: 30000,
        applicationName: 'glass-shop',
      },
    });
    const d = loadConfig({
      PORT: '8080',
      PG_POOL_MAX: '25',
      PG_STATEMENT_TIMEOUT_MS: '0',
      PG_APPLICATION_NAME: 'glass-east',
      LOG_LEVEL: 'warn',
      SMS_HTTP_URL: 'https://sms.example.com/send',
      SEED_DEMO: '1',
      HSTS: 'on',
      DATABASE_URL: 'postgres://app@db:5432/glass',
    });
    expect(d).toMatchObject({
      port: 8080,
      logLevel: 'warn',
      smsProvider: 'http',
      seedDemo: true,
      hsts: 'on',
    });
    expect(d.pg).toMatchObject({ poolMax: 25, statementTimeoutMs: 0, applicationName: 'glass-east' });
    // An empty value counts as unset (VAR= in an env file).
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ port: 3000, logLevel: 'info' });
  });

  it('opens as many read connections as the machine has cores, at least 2, unless told (decision 0042)', () => {
    expect(loadConfig({}).pg.readPoolMax).toBe(Math.max(2, os.availableParallelism()));
    expect(loadConfig({ PG_READ_POOL_MAX: '6' }).pg.readPoolMax).toBe(6);
    expect(loadConfig({ PG_READ_POOL_MAX: '0' }).pg.readPoolMax).toBe(0);
  });

  it('reports every mistake at once, each naming the variable, the value and what was expected', () => {
    const problems = problemsOf({
      PORT: '80a',
      SCRYPT_COST: '100000',
      SESSION_IDLE_MINUTES: '-5',
      PG_POOL_MAX: '0',
      LOG_LEVEL: 'verbose',
      MAIL_TRANSPORT: 'sendmail',
      MAP_TILE_URL: 'tiles.example.org',
      DATABASE_URL: 'mysql://x',
      SMS_HTTP_URL: 'ftp://sms',
      NODE_ENV: 'staging',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "PORT: expected a whole number from 0 to 65535, got '80a'",
        'SCRYPT_COST: expected a power of two (e.g. 131072 = 2^17), got 100000',
        "SESSION_IDLE_MINUTES: expected a whole number from 1 to 527040, got '-5'",
        "PG_POOL_MAX: expected a whole number from 1 to 1000, got '0'",
        "LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got 'verbose'",
        "MAIL_TRANSPORT: expected one of smtp, outbox, got 'sendmail'",
        "NODE_ENV: expected one of development, production, test, got 'staging'",
        'DATABASE_URL: expected a postgres:// or postgresql:// connection URL',
      ]),
    );
    expect(problems.some((p) => p.startsWith('MAP_TILE_URL: expected an http(s) URL'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SMS_HTTP_URL: expected an http(s) URL'))).toBe(true);
    // The message of the error (printed by main.ts without a stack trace) lists them one per line.
    expect(() => loadConfig({ PORT: 'x', SCRYPT_COST: 'y' })).toThrow(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- SCRYPT_COST: /,
    );
  });

  it('keeps the existing rules: TRUST_PROXY, METRICS_TOKEN length, SMS_PROVIDER=http needs its URL', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY: .*TRUST_PROXY=1/);
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: METRICS_TOKEN must be at least 24 characters (a random secret)',
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'http' })).toEqual(['SMS_PROVIDER=http needs SMS_HTTP_URL']);
    expect(problemsOf({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })[0]).toMatch(
      /must contain \{z\}, \{x\} and \{y\}/,
    );
  });

  it('chooses the file store: disk on PGlite, postgres with DATABASE_URL, s3 with its bucket checked', () => {
    expect(loadConfig({}).fileStore).toEqual({ driver: 'disk', s3: undefined });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).fileStore.driver).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', FILE_STORE: 'disk' }).fileStore.driver).toBe('disk');
    expect(
      loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'glass-files', S3_ENDPOINT: 'http://minio:9000' }).fileStore,
    ).toEqual({
      driver: 's3',
      s3: { endpoint: 'http://minio:9000', bucket: 'glass-files', region: 'us-east-1' },
    });
    expect(problemsOf({ FILE_STORE: 'nfs' })).toEqual([
      "FILE_STORE: expected one of disk, postgres, s3, got 'nfs'",
    ]);
    expect(problemsOf({ FILE_STORE: 's3' })).toEqual(['FILE_STORE=s3 needs S3_BUCKET']);
    expect(problemsOf({ FILE_STORE: 's3', S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'minio:9000' })).toEqual([
      "S3_ENDPOINT: expected an http(s) URL (the S3-compatible server), got 'minio:9000'",
      "S3_BUCKET: expected an S3 bucket name, got 'Bad_Bucket'",
    ]);
    expect(problemsOf({ FILE_STORE: 's3', S3_BUCKET: 'b12', S3_ACCESS_KEY_ID: 'k' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
    ]);
  });

  it('requires the pepper and a separate secrets key in production, and a long enough key anywhere', () => {
    expect(loadConfig(production)).toMatchObject({
      nodeEnv: 'production',
      secretsKey: 's'.repeat(32),
      mailTransport: 'smtp',
    });
    const { PASSWORD_PEPPER: _p, SECRETS_KEY: _s, ...bare } = production;
    expect(problemsOf(bare)).toEqual([
      'PASSWORD_PEPPER must be set in production',
      'SECRETS_KEY must be set in production (32 or more random characters; it encrypts stored mailbox passwords)',
    ]);
    expect(problemsOf({ SECRETS_KEY: 'too-short' })).toEqual([
      'SECRETS_KEY: must be at least 32 characters (a random secret)',
    ]);
    // Development works out of the box with its own key, which is not the pepper.
    const dev = loadConfig({});
    expect(dev.secretsKey).not.toBe(dev.passwordPepper);
  });
});

describe('the demo seed runs only when asked (SEED_DEMO) and never in production', () => {
  it('is refused with NODE_ENV=production, with a message saying why', () => {
    for (const SEED_DEMO of ['1', 'true']) {
      expect(problemsOf({ ...production, SEED_DEMO })).toEqual([
        'SEED_DEMO is refused with NODE_ENV=production: the demo accounts and their PINs are published',
      ]);
    }
    expect(loadConfig({ ...production, SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('seeds an empty database only with SEED_DEMO, and refuses a production config that asks for it', async () => {
    const db = await openDatabase({ memory: true });
    const logged: string[] = [];
    const log = { warn: (m: string) => logged.push(m), info: (m: string) => logged.push(m) };
    try {
      await db.pglite!.exec('create table users (id serial primary key)');
      expect(await shouldSeedDemo(db, { seedDemo: false, nodeEnv: 'development' }, log)).toBe(false);
      expect(logged[0]).toMatch(/SEED_DEMO is not set/);
      expect(await shouldSeedDemo(db, { seedDemo: true, nodeEnv: 'development' }, log)).toBe(true);
      await expect(shouldSeedDemo(db, { seedDemo: true, nodeEnv: 'production' }, log)).rejects.toThrow(
        /SEED_DEMO is refused with NODE_ENV=production/,
      );
      await db.pglite!.exec('insert into users default values');
      expect(await shouldSeedDemo(db, { seedDemo: true, nodeEnv: 'development' }, log)).toBe(false);
    } finally {
      await db.close();
    }
  });
});
