import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './fixtures';

test('without a token every screen sends the user to /login', async ({ page }) => {
  for (const path of ['/', '/invoices', '/service-vehicles/1', '/new-home']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('login page is accessible at 375 px and on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  await expect(page.getByLabel(/user ?name/i)).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
});

test('user 101 signs in: focus moves after 3 digits, the 6th digit submits, home on a local host', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel(/user ?name/i).pressSequentially('101');
  await expect(page.getByLabel(/password/i)).toBeFocused();
  await page.keyboard.type('258036');
  await expect(page).toHaveURL(/\/new-home$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  await expect(page.getByRole('navigation', { name: 'Tiles' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('top-bar-user')).not.toBeEmpty();
});

test('a wrong PIN shows the failure toast and resets the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/user ?name/i).pressSequentially('102');
  await page.getByLabel(/password/i).pressSequentially('000000');
  await expect(page.getByText('Failed to login! Check your user name or password!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel(/user ?name/i)).toHaveValue('');
  await expect(page.getByLabel(/password/i)).toHaveValue('');
});

test('logout ends the session and returns to /login', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await page.goto('/new-home');
  await expect(page).toHaveURL(/\/login$/);
});
