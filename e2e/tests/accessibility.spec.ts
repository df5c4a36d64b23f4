import type { Page } from '@playwright/test';
import { expect, expectAccessible, lastNameWithSeveralResults, test } from './fixtures';

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
