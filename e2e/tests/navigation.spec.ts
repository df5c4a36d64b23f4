import { expect, screenTitle, test } from './fixtures';

test('home → a tile opens its screen → Home comes back to the tiles', async ({ page }) => {
  await page.goto('/new-home');
  const tiles = page.getByRole('navigation', { name: 'Tiles' });
  await expect(tiles).toBeVisible();
  await expect(page).toHaveTitle(screenTitle('Home'));

  await tiles.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page).toHaveTitle(screenTitle('Reports'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/new-home$/);
  await expect(tiles.getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
});

test('a top-bar shortcut opens its screen; the root returns to the last visited path', async ({ page }) => {
  await page.goto('/new-home');
  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
  await expect(shortcuts.getByRole('button')).toHaveCount(3);
  await shortcuts.getByRole('button', { name: 'Invoices', exact: true }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page).toHaveTitle(screenTitle('Invoices'));

  // Spec 1 §2: on arrival at the root the user goes to the last visited path.
  await page.goto('/');
  await expect(page).toHaveURL(/\/invoices$/);
});

test('record routes set the document title and accept ?alertId=', async ({ page }) => {
  await page.goto('/invoices/123');
  await expect(page).toHaveTitle(screenTitle('Invoice: 123'));
  await page.goto('/service-vehicles/45?alertId=7');
  await expect(page).toHaveURL(/\/service-vehicles\/45\?alertId=7$/);
  await expect(page).toHaveTitle(screenTitle('Service Vehicle: 45'));
});
