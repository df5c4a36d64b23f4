import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenTitle, test, expectToast } from './fixtures';

/**
 * A tab left open across a deploy (issue #32): the server (e2e/server.mjs) serves the web app through a
 * symbolic link; the deploy points it at the next release, built here from the same sources with every file
 * name changed, so the chunks the open tab knows are gone (404, apps/server/src/app.ts). The tab must reload to
 * the new release once and show the screen (apps/web/src/shell/chunk-reload.ts), never loop.
 */
const e2eDir = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(e2eDir, '..');
const dataDir = path.join(e2eDir, '.data', process.env.E2E_PORT ?? '3100');
const live = path.join(dataDir, 'web');
const nextRelease = path.join(dataDir, 'web-next');
// The release the server started on (e2e/server.mjs: apps/web/dist, or E2E_WEB_DIST).
const thisRelease = process.env.E2E_WEB_DIST ?? path.join(repo, 'apps/web/dist');
const UPDATED = 'The app was updated to a new version.';

/** The deploy: the link now names the other release, at once for every request (rename is atomic). */
function deploy(release: string) {
  const tmp = `${live}.next`;
  fs.rmSync(tmp, { force: true });
  fs.symlinkSync(release, tmp);
  fs.renameSync(tmp, live);
}

/** The files under /assets/ that the server answered 404, and how often the page loaded. */
function watch(page: Page) {
  const seen = { missing: [] as string[], loads: 0 };
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    if (pathname.startsWith('/assets/') && res.status() === 404) seen.missing.push(pathname);
  });
  page.on('load', () => seen.loads++);
  return seen;
}

test.beforeAll(() => {
  // A build of the web app (without the precompressed copies, which the server can do without).
  test.setTimeout(300_000);
  fs.rmSync(nextRelease, { recursive: true, force: true });
  const config = path.join(e2eDir, 'next-build.vite.config.mjs');
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--config', config, '--outDir', nextRelease, '--logLevel', 'error'],
    { cwd: path.join(repo, 'apps/web'), encoding: 'utf8' },
  );
  expect(build.status, build.stderr).toBe(0);
});
test.afterAll(() => {
  deploy(thisRelease);
  fs.rmSync(nextRelease, { recursive: true, force: true });
});

test('a tab open across a deploy reloads to the new release when it opens a screen it had not loaded', async ({
  page,
}) => {
  deploy(thisRelease);
  const seen = watch(page);
  await page.goto('/new-home');
  const tiles = page.getByRole('navigation', { name: 'Tiles' });
  await expect(tiles.getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
  expect(await page.locator('script[src*="-next.js"]').count()).toBe(0);

  deploy(nextRelease);
  await tiles.getByRole('link', { name: 'Reports', exact: true }).click();

  // The new app says so as it starts (a toast of a few seconds), then draws the screen.
  await expectToast(page, UPDATED);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page).toHaveTitle(screenTitle('Reports'));
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  // The old release's chunk was asked for and was gone; the page now runs the new release, loaded once more.
  expect(seen.missing.some((p) => /\/reports-page-[\w-]+\.(js|css)$/.test(p) && !p.includes('-next'))).toBe(
    true,
  );
  expect(await page.locator('script[src*="-next.js"]').count()).toBeGreaterThan(0);
  expect(seen.loads).toBe(2);
});

test('when reloading does not bring the screen, the error screen shows once, and Try Again loads it', async ({
  page,
}) => {
  const seen = watch(page);
  // The screen's script fails whatever the release (a broken deploy, a proxy in the way).
  const screenScript = /\/assets\/reports-page-[\w-]+\.js$/;
  await page.route(screenScript, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/new-home');
  const tiles = page.getByRole('navigation', { name: 'Tiles' });
  await tiles.getByRole('link', { name: 'Reports', exact: true }).click();

  // One reload to the release the server has; it fails the same way, so the generic error screen shows.
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('An unexpected error occurred')).toBeVisible();
  expect(seen.loads).toBe(2);
  await expect(page).toHaveURL(/\/reports$/);

  await page.unroute(screenScript);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  expect(seen.loads).toBe(3);
});
