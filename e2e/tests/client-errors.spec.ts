import { test as base, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The next browser error report the page sends, with the server's answer. */
async function nextReport(page: Page) {
  const response = await page.waitForResponse(
    (res) => res.url().endsWith('/api/client-errors') && res.request().method() === 'POST',
  );
  return { status: response.status(), body: response.request().postDataJSON() };
}

base(
  'a script error and an unhandled rejection on the sign-in page are reported to the server',
  async ({ page }) => {
    await page.goto('/login?from=5551234567');
    await expect(page.getByLabel('User Name')).toBeVisible();
    const first = nextReport(page);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e window error');
      });
    });
    expect(await first).toEqual({
      status: 204,
      body: expect.objectContaining({ kind: 'error', message: 'Error: e2e window error', path: '/login' }),
    });
    const second = nextReport(page);
    await page.evaluate(() => {
      void Promise.reject(new Error('e2e rejection'));
    });
    expect(await second).toEqual({
      status: 204,
      body: expect.objectContaining({ kind: 'unhandledrejection', message: 'Error: e2e rejection' }),
    });
    // The query string (a phone number here) never travels in a report.
    expect(JSON.stringify((await second).body)).not.toContain('5551234567');
  },
);

test('a rendering error reports what the error screen caught', async ({ page }) => {
  await page.route(/\/api\/search\?/, (route) =>
    route.fulfill({ json: { invoices: [null, null], serviceVehicles: [] } }),
  );
  await page.goto('/new-home');
  await page.getByRole('button', { name: 'Global Search' }).click();
  const drawer = page.getByRole('dialog', { name: 'Search' });
  await drawer.getByLabel('Last Name').fill('Smith');
  const report = nextReport(page);
  await drawer.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  const { status, body } = await report;
  expect(status).toBe(204);
  // The search drawer sits outside the screen's boundary: the router's error screen catches it.
  expect(['boundary', 'route']).toContain(body.kind);
  expect(body.path).toBe('/new-home');
  expect(body.stack).toBeTruthy();
});
