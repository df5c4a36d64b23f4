import { test as base, type Page } from '@playwright/test';
import { expect, pageToken, signIn, TOKEN_KEY, test } from './fixtures';

base('a 401 in the middle of a session clears the token and returns to /login', async ({ page }) => {
  // Its own session (not the shared one): the server ends it under the page's feet.
  await signIn(page);
  await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
  const token = await pageToken(page);
  const ended = await page.request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(ended.status()).toBe(204);

  // Whichever meets the 401 first, the Refresh or the real-time connection the server has just closed, ends the
  // session on the page: the button may be gone before it is clicked (then the click gives up; the outcome holds).
  await page
    .getByRole('button', { name: 'Refresh' })
    .click({ timeout: 10_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('User Name')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  await page.goto('/new-home');
  await expect(page).toHaveURL(/\/login$/);
});

test('unsaved changes: leaving the password form asks first; Cancel stays, Proceed leaves', async ({
  page,
}) => {
  await page.goto('/password-change');
  const current = page.getByLabel('Current Password', { exact: true });
  await current.fill('1234');

  const home = page.getByRole('button', { name: 'Home', exact: true });
  await home.click();
  const modal = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(modal).toBeVisible();
  await expect(
    modal.getByText('You have unsaved changes. Are you sure you want to leave this page?', { exact: true }),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/password-change$/);
  await expect(current).toHaveValue('1234');

  await home.click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/new-home$/);
  await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
  await expect(modal).toBeHidden();
});

/**
 * The app has no switch to throw on purpose, so a malformed search answer (rows that are not objects)
 * makes the results table throw while rendering.
 */
async function searchWithMalformedResults(page: Page) {
  await page.route(/\/api\/search\?/, (route) =>
    route.fulfill({ json: { invoices: [null, null], serviceVehicles: [] } }),
  );
  await page.goto('/new-home');
  await page.getByRole('button', { name: 'Global Search' }).click();
  const drawer = page.getByRole('dialog', { name: 'Search' });
  await drawer.getByLabel('Last Name').fill('Smith');
  return drawer.getByRole('button', { name: 'Search', exact: true });
}

test('a rendering error shows the generic error screen; Try Again recovers', async ({ page }) => {
  await (await searchWithMalformedResults(page)).click();

  const screen = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(screen.getByText('An unexpected error occurred', { exact: true })).toBeVisible();

  await page.unroute(/\/api\/search\?/);
  await screen.getByRole('button', { name: 'Try Again' }).click();
  await expect(screen).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
});

test('a rendering error when no longer signed in goes to /login instead of the error screen', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const search = await searchWithMalformedResults(page);
  // The token is gone (e.g. signed out in another tab) by the time the error happens.
  await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
  await search.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  // It was the rendering error that sent the user there (the app logs each one).
  expect(errors.some((text) => text.includes('Unexpected rendering error'))).toBe(true);
});

test('a screen whose script fails to load shows the error screen; Try Again loads it again', async ({
  page,
}) => {
  // As after a deploy that replaced the chunks: the home screen's script answers 404 once.
  const chunk = /\/assets\/home-tiles-[^/]*\.js$/;
  await page.route(chunk, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto('/new-home');
  const screen = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(screen.getByText('An unexpected error occurred', { exact: true })).toBeVisible();
  // The shell around the screen stays usable.
  await expect(page.getByRole('button', { name: 'Home', exact: true })).toBeVisible();

  await page.unroute(chunk);
  await screen.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
  await expect(screen).toBeHidden();
});
