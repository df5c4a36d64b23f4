import type { Page } from '@playwright/test';
import { apiLogin, DEMO, expect, expectAccessible, TOKEN_KEY, test } from './fixtures';

/** Picks an option of the antd Select with this accessible name. */
async function choose(page: Page, label: string, option: string | RegExp | null) {
  await page.getByLabel(label, { exact: true }).click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await (option === null ? open.first() : open.filter({ hasText: option }).first()).click();
}

test.describe.configure({ mode: 'serial' });

test('a service vehicle from creation to its invoice', async ({ page, browser, baseURL }) => {
  // One long flow through five screens and two browser contexts.
  test.setTimeout(180_000);
  const ro = `E2E${Date.now() % 100_000_000}`;

  // Create with 2 repairs: the new record has 2 default repair lines.
  await page.goto('/new-service-vehicle');
  await expect(page.getByRole('heading', { name: 'New Service Vehicle' })).toBeVisible();
  await expectAccessible(page);
  const facility = page
    .locator('.ant-form-item')
    .filter({ hasText: 'Facility' })
    .locator('.ant-select-content');
  if (!((await facility.textContent())?.trim() ?? '')) await choose(page, 'Facility', null);
  await choose(page, 'Repair count', '2 repairs');
  await page.getByLabel('VIN', { exact: true }).fill('1HGCM82633A00435');
  await expect(page.getByText('VIN must have 17 characters')).toBeVisible();
  await page.getByLabel('VIN', { exact: true }).fill('');
  await page.getByLabel('Year', { exact: true }).fill('2019');
  await page.getByLabel('Make', { exact: true }).fill('Honda');
  await page.getByLabel('Model', { exact: true }).fill('Accord');
  await page.getByLabel('RO number', { exact: true }).fill(ro);
  await page.getByLabel('Customer first name').fill('Erin');
  await page.getByLabel('Customer last name').fill('Tester');
  await page.getByLabel('Customer phone', { exact: true }).fill('5551234567');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/service-vehicles\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: `Service Vehicle: ${id}` })).toBeVisible();
  await expect(page.getByTestId('repair-line')).toHaveCount(2);
  await expectAccessible(page);

  // My Service Vehicles, repairs only: the new vehicle is listed.
  await page.goto('/my-service-vehicles');
  await expect(page.getByRole('heading', { name: 'My Service Vehicles' })).toBeVisible();
  const replacements = page.getByRole('switch', { name: 'Replacements' });
  if ((await replacements.getAttribute('aria-checked')) === 'true') await replacements.click();
  const repairs = page.getByRole('switch', { name: 'Repairs' });
  if ((await repairs.getAttribute('aria-checked')) !== 'true') await repairs.click();
  await page.getByLabel('Search My Service Vehicles').fill(ro);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: new RegExp(`^#${id} `) })).toBeVisible();
  // Away from the just-clicked button, so axe measures its resting colours rather than the hover ones.
  await page.mouse.move(0, 0);
  await page.getByLabel('Search My Service Vehicles').focus();
  await page.waitForTimeout(300);
  await expectAccessible(page);
  // The customer's phone on the row places the call through the phone bridge, without leaving the list.
  const row = page
    .getByTestId('sv-row')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^#${id} `) }) });
  const uriAsked = page.waitForResponse((r) => r.url().includes('/api/phoneExtensions/getRequestUri'));
  await row
    .getByRole('link', { name: /^Call / })
    .first()
    .click();
  const answer = await uriAsked;
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).searchParams.get('destinationPhone')?.replace(/\D/g, '')).toBe('5551234567');
  await expect(page).toHaveURL(/\/my-service-vehicles$/);
  await page.getByRole('link', { name: new RegExp(`^#${id} `) }).click();
  await page.waitForURL(`**/service-vehicles/${id}`);

  // Follow it up.
  await page.getByRole('button', { name: 'Follow up' }).click();
  await expect(page.getByRole('button', { name: 'Followed up' })).toBeDisabled();

  // Lock it as 101; 102 sees it read-only with the holder's name.
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByText(/^Locked by you/)).toBeVisible();
  const request = await (await import('@playwright/test')).request.newContext({ baseURL });
  const token = await apiLogin(request, DEMO.manager);
  await request.dispose();
  const other = await browser.newContext({
    baseURL,
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL as string, localStorage: [{ name: TOKEN_KEY, value: token }] }],
    },
  });
  const second = await other.newPage();
  await second.goto(`/service-vehicles/${id}`);
  await expect(second.getByText(/^Locked by .+ read only$/)).toBeVisible();
  await expect(second.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(second.getByRole('button', { name: 'Follow up' })).toHaveCount(0);
  await expect(second.getByRole('button', { name: 'Create Invoice' })).toHaveCount(0);
  await other.close();

  // Create its invoice through the Initiate Invoice confirmation.
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Initiate Invoice' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Initiate Invoice' }).click();
  await page.waitForURL(/\/invoices\/\d+$/);
  await expect(
    page.locator('.ant-message-notice', { hasText: 'invoice initiated successfully' }),
  ).toBeVisible();
});

test('service vehicle lists load at 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/service-vehicles');
  await expect(page.getByRole('heading', { name: 'Service Vehicles' })).toBeVisible();
  await expect(page.getByTestId('sv-row').first()).toBeVisible();
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.goto('/service-drive');
  await expect(page.getByRole('heading', { name: 'Service Drive' })).toBeVisible();
  await expect(page.getByTestId('sv-row').first()).toBeVisible();
  await page.getByTestId('sv-row').first().getByRole('link').first().click();
  await page.waitForURL(/\/service-vehicles\/\d+$/);
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'History entries' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await expectAccessible(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(1);
  await page.goto('/my-requests');
  await expect(page.getByRole('heading', { name: 'My Requests' })).toBeVisible();
  await expect(page.getByText(/\d+ found/)).toBeVisible();
});
