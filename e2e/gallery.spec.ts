import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiAs, settleAnimations, test } from './tests/fixtures';

// Run by gallery.config.ts only (`npm run gallery`); see there.
const OUT = path.resolve(import.meta.dirname, '..', 'gallery');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;
type Mode = 'data' | 'empty';

/** The route list of spec 2 §2, read from the domain's routes.ts (so a new route is in the gallery). */
function routes(): string[] {
  const source = fs.readFileSync(
    path.resolve(import.meta.dirname, '..', 'packages/domain/src/routes.ts'),
    'utf8',
  );
  const paths = [...source.matchAll(/\{ path: '([^']+)', title:/g)].map((m) => m[1]);
  return paths.filter((p) => p !== '/logout' && !p.startsWith('/login') && !p.startsWith('/customer-opt-in'));
}

const slug = (route: string) => route.replace(/^\//, '').replace(/[/:*]+/g, '_') || 'root';

/** Waits until the screen has its title and no skeleton, spinner or animation left (at most 15 s). */
async function settle(page: Page) {
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('.ant-skeleton, .ant-spin-spinning, .list-skeleton'),
      null,
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined);
  await settleAnimations(page).catch(() => undefined);
  await page.waitForTimeout(300);
}

/**
 * Empty data without a second database: every list answer (an OData page with `@odata.count`) reaches the
 * screen with no rows, so each list shows its empty state. Start-up lookups (no count) stay as they are.
 */
async function emptyLists(page: Page) {
  await page.route('**/api/**', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('json')) return route.fulfill({ response });
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || !Array.isArray(body.value) || !('@odata.count' in body)) return route.fulfill({ response });
    const { '@odata.nextLink': _next, ...rest } = body;
    return route.fulfill({ response, json: { ...rest, value: [], '@odata.count': 0 } });
  });
}

const shots: { mode: Mode; viewport: string; route: string; file: string }[] = [];

async function shoot(page: Page, mode: Mode, viewport: string, route: string, name = slug(route)) {
  const file = `${mode}-${viewport}/${name}.png`;
  await settle(page);
  await page.screenshot({ path: path.join(OUT, file), animations: 'disabled' });
  shots.push({ mode, viewport, route, file });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
});

for (const mode of ['data', 'empty'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`${mode} at ${viewport.width}×${viewport.height}`, async ({ page, browser }) => {
      await page.setViewportSize(viewport);
      await page.goto('/new-home');
      const api = await apiAs(page);
      const invoice = (await api.get<{ value: { id: number }[] }>('/api/Invoices?$top=1&$select=id'))
        .value[0];
      const sv = (await api.get<{ value: { id: number }[] }>('/api/ServiceVehicles?$top=1')).value[0];
      if (mode === 'empty') await emptyLists(page);

      // Signed out: the login page.
      const guest = await browser.newPage({ viewport });
      await guest.goto('/login');
      await shoot(guest, mode, viewport.name, '/login');
      await guest.close();

      for (const route of routes()) {
        const url = route
          .replace('/invoices/:id', `/invoices/${invoice?.id ?? 1}`)
          .replace('/service-vehicles/:id', `/service-vehicles/${sv?.id ?? 1}`)
          .replace(/:id/, 'not-a-real-link');
        await page.goto(url);
        await shoot(page, mode, viewport.name, route);
      }
      // A record that does not exist, and a path that does not.
      await page.goto('/invoices/999999999');
      await shoot(page, mode, viewport.name, '/invoices/999999999', 'invoice-not-found');
      await page.goto('/no-such-screen');
      await shoot(page, mode, viewport.name, '/no-such-screen', 'not-found');
      // Drawers and dialogs over the home screen.
      await page.goto('/new-home');
      await settle(page);
      const opener = async (name: RegExp) => {
        if (viewport.width < 900) {
          await page.getByRole('button', { name: 'Menu' }).click({ timeout: 5_000 });
          const menu = page.getByRole('dialog', { name: 'Menu' });
          await menu.getByRole('button', { name }).first().click({ timeout: 5_000 });
          await menu.waitFor({ state: 'hidden', timeout: 5_000 });
        } else {
          await page
            .getByRole('navigation', { name: 'Lateral menu' })
            .getByRole('button', { name })
            .click({ timeout: 5_000 });
        }
        await page.getByRole('dialog').first().waitFor({ timeout: 5_000 });
      };
      for (const [name, file] of [
        [/Messages$/, 'drawer-messages'],
        [/Search$/, 'drawer-search'],
      ] as const) {
        await page.goto('/new-home');
        await settle(page);
        const opened = await opener(name)
          .then(() => true)
          .catch(() => false);
        if (opened) await shoot(page, mode, viewport.name, `drawer: ${file}`, file);
      }
    });
  }
}

test.afterAll(() => {
  const cell = (s: (typeof shots)[number]) =>
    `<figure><a href="${s.file}"><img src="${s.file}" loading="lazy" alt="${s.route}"></a><figcaption>${s.route}</figcaption></figure>`;
  const sections = [...new Set(shots.map((s) => `${s.mode}-${s.viewport}`))]
    .map((key) => {
      const list = shots.filter((s) => `${s.mode}-${s.viewport}` === key);
      return `<section id="${key}"><h2>${key} (${list.length})</h2><div class="grid">${list.map(cell).join('')}</div></section>`;
    })
    .join('\n');
  const nav = [...new Set(shots.map((s) => `${s.mode}-${s.viewport}`))]
    .map((key) => `<a href="#${key}">${key}</a>`)
    .join(' · ');
  fs.writeFileSync(
    path.join(OUT, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Screen gallery</title>
<style>body{font:14px system-ui;margin:16px}.grid{display:flex;flex-wrap:wrap;gap:16px}
figure{margin:0;width:320px}img{width:100%;border:1px solid #ccc}figcaption{font-size:12px}
#data-phone img,#empty-phone img{width:50%}</style>
<h1>Screen gallery</h1><p>${new Date().toISOString()} · ${shots.length} screenshots · ${nav}</p>${sections}</html>`,
  );
});
