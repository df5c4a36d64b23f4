import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiAs, expect, expectAccessible, lastNameWithSeveralResults, test } from './fixtures';

/** At 375 px nothing may scroll sideways (installers use phones, issue 3 item 10). */
async function expectNoSideScroll(page: Page, width: number) {
  if (width > 900) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`home, password, search drawer and results modal are accessible at ${width} px`, async ({ page }) => {
    test.slow(); // several axe-core runs
    await page.setViewportSize({ width, height });
    await page.goto('/new-home');
    await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSideScroll(page, width);

    await page.goto('/password-change');
    await expect(page.getByLabel('Confirm New Password')).toBeVisible();
    await expectAccessible(page);
    await expectNoSideScroll(page, width);

    if (width < 900) {
      // The top bar collapses into the Menu dialog; its Global Search opens the drawer.
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expectAccessible(page, '.ant-drawer');
      await menu.getByRole('button', { name: 'Global Search' }).click();
      await expect(menu).toBeHidden();
    } else {
      await page
        .getByRole('navigation', { name: 'Lateral menu' })
        .getByRole('button', { name: 'Open Search' })
        .click();
    }
    const drawer = page.getByRole('dialog', { name: 'Search' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
    await expectAccessible(page, '.ant-drawer');
    await expectNoSideScroll(page, width);

    const { lastName } = await lastNameWithSeveralResults(page);
    await drawer.getByLabel('Last Name', { exact: true }).fill(lastName);
    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    const modal = page.getByRole('dialog', { name: /^Find Result: \d+ records found$/ });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: /^Open invoice \d+$/ }).first()).toBeVisible();
    await expectAccessible(page, '.ant-modal-wrap');
    await expectNoSideScroll(page, width);
  });
}

/** Every authenticated route of spec 2 §2 (the domain's routes.ts), with concrete ids for the detail screens. */
function everyRoute(ids: { invoice: number; serviceVehicle: number }): string[] {
  const source = readFileSync(new URL('../../packages/domain/src/routes.ts', import.meta.url), 'utf8');
  const paths = [...source.matchAll(/\{ path: '([^']+)', title:/g)].map((m) => m[1]);
  return (
    paths
      // /phone-requests has no UI (spec 2 §2; phone-bridge.spec.ts checks that it shows nothing).
      .filter(
        (p) =>
          !['/logout', '/login', '/customer-opt-in/*', '/phone-requests'].includes(p) &&
          !p.startsWith('/sign-'),
      )
      .map((p) =>
        p
          .replace('/invoices/:id', `/invoices/${ids.invoice}`)
          .replace('/service-vehicles/:id', `/service-vehicles/${ids.serviceVehicle}`),
      )
  );
}

/** Whether an element matching `selector` shows within `timeout` ms. */
const appears = (page: Page, selector: string, timeout: number) =>
  page
    .locator(selector)
    .first()
    .waitFor({ timeout })
    .then(() => true)
    .catch(() => false);

/** Waits for the screen's one h1 and for its skeletons and spinners to go; false when no h1 came. */
async function screenReady(page: Page): Promise<boolean> {
  const titled = await appears(page, 'h1', 15_000);
  await page.waitForFunction(
    () => !document.querySelector('.ant-skeleton, .ant-spin-spinning, .list-skeleton'),
    null,
    { timeout: 15_000 },
  );
  return titled;
}

/**
 * Opens a route inside the running app, as its links do (history.pushState, then the popstate the router listens
 * to), instead of reloading the app for each of the sweep's ~120 screens. The screen counts as drawn once an h1
 * that was not there before appears; a route that keeps the same h1 element (one component for two routes) is
 * loaded the ordinary way.
 */
async function openInApp(page: Page, route: string) {
  await page.evaluate((to) => {
    document.querySelectorAll('h1').forEach((h1) => {
      h1.dataset.sweepSeen = '1';
    });
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  if (!(await appears(page, 'h1:not([data-sweep-seen])', 5_000))) await page.goto(route);
}

// Every route of the spec (about 60 screens, one axe run each) at both widths (a desk and a phone), in groups
// so that each test has its own time limit and a slow machine fails one group rather than the whole sweep.
const ROUTE_GROUP = 12;
const GROUPS = Math.ceil(everyRoute({ invoice: 0, serviceVehicle: 0 }).length / ROUTE_GROUP);
for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
])
  for (let group = 0; group < GROUPS; group++) {
    test(`every route has no serious axe violation at ${width} px (group ${group + 1} of ${GROUPS})`, async ({
      page,
    }) => {
      test.setTimeout(4 * 60_000);
      await page.setViewportSize({ width, height });
      await page.goto('/new-home');
      const api = await apiAs(page);
      const invoice = (await api.get<{ value: { id: number }[] }>('/api/Invoices?$top=1&$select=id')).value[0]
        .id;
      const serviceVehicle = (
        await api.get<{ value: { id: number }[] }>('/api/ServiceVehicles?$top=1&$select=id')
      ).value[0].id;
      const routes = everyRoute({ invoice, serviceVehicle }).slice(
        group * ROUTE_GROUP,
        (group + 1) * ROUTE_GROUP,
      );
      const failures: string[] = [];
      for (const [k, route] of routes.entries()) {
        if (k === 0) await page.goto(route);
        else await openInApp(page, route);
        if (!(await screenReady(page))) failures.push(`${route}: no h1`);
        await expectAccessible(page).catch((e: Error) =>
          failures.push(`${route}: ${e.message.split('\n').slice(-6).join(' ')}`),
        );
      }
      expect(failures).toEqual([]);
    });
  }

test('drawers, dialogs and drop-downs have no serious axe violation', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/new-home');
  await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
  const lateral = page.getByRole('navigation', { name: 'Lateral menu' });

  // Messages, with the pointer on its primary button (a hovered primary button keeps 4.5:1).
  await lateral.getByRole('button', { name: 'Open Messages' }).click();
  const messages = page.getByRole('dialog', { name: 'Messages' });
  await expect(messages).toBeVisible();
  await messages.getByRole('button', { name: 'New Conversation' }).hover();
  await expectAccessible(page, '.ant-drawer');
  await messages.getByRole('button', { name: 'New Conversation' }).click();
  await expect(page.getByRole('dialog', { name: 'Start New Conversation' })).toBeVisible();
  await expectAccessible(page, '.ant-drawer');
  const home = async () => {
    await page.goto('/new-home');
    await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
  };
  await home();

  // Notifications and parked items from the footer.
  await page.getByRole('button', { name: /^Notifications \(\d+\)$/ }).click();
  await expect(page.locator('.ant-drawer-open, .ant-popover:not(.ant-popover-hidden)').first()).toBeVisible();
  await expectAccessible(page);
  await home();

  // Subscriptions dialog from the top bar.
  await page.getByRole('button', { name: 'Subscriptions' }).click();
  await expect(page.locator('.ant-modal-wrap, .ant-drawer-open').first()).toBeVisible();
  await expectAccessible(page, '.ant-modal-wrap, .ant-drawer');
  await home();

  // The facility drop-down of the top bar, open.
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeVisible();
  await expectAccessible(page, 'header');
  await page.keyboard.press('Escape');

  // The tile editor.
  await page.getByRole('button', { name: 'Edit tiles' }).click();
  await expect(page.getByRole('region', { name: 'Edit tiles' })).toBeVisible();
  await expectAccessible(page);
});
