import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production entry (npm run build → apps/server/dist/main.js) must start from an install without
 * devDependencies (npm ci --omit=dev): every package the bundle imports is a runtime dependency of the
 * server or of a workspace package bundled into it, never only a devDependency (docs/decisions/0007).
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repo = path.resolve(serverDir, '../..');
const outdir = path.join(serverDir, 'node_modules/.cache', `build-test-${process.pid}`);
const pkg = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const packageName = (spec: string) =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];

describe('production build of the server', () => {
  let imports: string[];
  beforeAll(() => {
    const r = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], {
      cwd: serverDir,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    imports = JSON.parse(fs.readFileSync(path.join(outdir, 'imports.json'), 'utf8'));
  }, 120_000);
  afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

  it('imports only runtime dependencies and Node built-ins', () => {
    const server = pkg(serverDir);
    const domain = pkg(path.join(repo, 'packages/domain'));
    const runtime = new Set([...Object.keys(server.dependencies), ...Object.keys(domain.dependencies ?? {})]);
    const builtins = new Set(builtinModules);
    const packages = [...new Set(imports.filter((i) => !i.startsWith('node:')).map(packageName))];
    expect(packages.length).toBeGreaterThan(5);
    for (const name of packages) {
      expect(builtins.has(name) || runtime.has(name), `${name} is not a runtime dependency`).toBe(true);
      expect(name.startsWith('@glass/'), `${name} must be bundled`).toBe(false);
    }
    for (const dev of ['tsx', 'esbuild', 'vite', 'vitest', 'drizzle-kit', 'pino-pretty', 'typescript']) {
      expect(packages).not.toContain(dev);
    }
    expect(fs.existsSync(path.join(outdir, 'migrations/meta/_journal.json'))).toBe(true);
  });

  it('runs under plain node: the bundle loads every module and stops at a configuration mistake', () => {
    const r = spawnSync(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: repo,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, PORT: 'eighty', LOG_LEVEL: 'loud', NODE_PATH: '' },
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("PORT: expected a whole number from 0 to 65535, got 'eighty'");
    expect(r.stderr).toContain(
      "LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got 'loud'",
    );
    // The operator's message, not a stack trace.
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('dist/setup.js sets up an empty embedded installation once, reading the PIN from the environment', () => {
    const dataDir = fs.mkdtempSync(path.join(outdir, 'setup-'));
    const run = (extra: string[], pin = '481907') =>
      spawnSync(
        process.execPath,
        [
          path.join(outdir, 'setup.js'),
          '--brand',
          'Prairie Glass Co',
          '--brand-short',
          'PGC',
          '--facility',
          'Prairie Glass Amarillo',
          '--facility-short',
          'Amarillo',
          '--facility-code',
          'AMA1',
          '--time-zone',
          'America/Chicago',
          '--admin-first',
          'Pat',
          '--admin-last',
          'Owner',
          ...extra,
        ],
        {
          cwd: repo,
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            DATA_DIR: dataDir,
            PASSWORD_PEPPER: 'a-pepper-of-the-installation-0123456789',
            SECRETS_KEY: 'a-secrets-key-of-the-installation-0123456789',
            PUBLIC_BASE_URL: 'https://glass.example.com',
            SETUP_ADMIN_PIN: pin,
          },
          timeout: 90_000,
        },
      );
    const weak = run(['--admin-user', 'owner'], '111111');
    expect(weak.status, weak.stderr).toBe(2);
    expect(weak.stderr).toContain('adminPin:');
    const ok = run(['--admin-user', 'owner']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("log in as 'owner'");
    const again = run(['--admin-user', 'second']);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already has users');
    expect(again.stderr).not.toMatch(/\n\s+at /);
  }, 180_000);
});
