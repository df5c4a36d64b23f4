import type { Page } from '@playwright/test';
import {
  apiAs,
  apiSearch,
  expect,
  lastNameWithSeveralResults,
  screenTitle,
  test,
  expectToast,
} from './fixtures';

const FOUND = 'search results found successfully';

async function openSearch(page: Page) {
  await page.goto('/new-home');
  await page.getByRole('button', { name: 'Global Search' }).click();
  const drawer = page.getByRole('dialog', { name: 'Search' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('Search is disabled until a field is filled; RO Number only with a facility; none found shows the modal', async ({
  page,
}) => {
  const drawer = await openSearch(page);
  for (const label of [
    'Phone',
    'First Name',
    'Last Name',
    'VIN',
    'License Tag',
    'Facility',
    'RO Number',
    'Invoice Id',
    'Reference Number',
  ]) {
    await expect(drawer.getByLabel(label, { exact: true })).toBeVisible();
  }
  const searchButton = drawer.getByRole('button', { name: 'Search', exact: true });
  await expect(searchButton).toBeDisabled();
  const lastName = drawer.getByLabel('Last Name', { exact: true });
  await lastName.fill('Q');
  await expect(searchButton).toBeEnabled();
  await lastName.fill('');
  await expect(searchButton).toBeDisabled();

  const ro = drawer.getByLabel('RO Number', { exact: true });
  await expect(ro).toBeDisabled();
  const facility = drawer.getByLabel('Facility', { exact: true });
  await facility.click();
  await facility.press('ArrowDown');
  await facility.press('Enter');
  await expect(ro).toBeEnabled();
  // The form's Clear (text), not the facility select's clear icon (also labelled "Clear").
  await drawer.locator('button', { hasText: /^Clear$/ }).click();
  await expect(ro).toBeDisabled();
  await expect(searchButton).toBeDisabled();

  // Nothing matches: the modal still shows, with 0.
  await lastName.fill('Zzyzxqv');
  await searchButton.click();
  const modal = page.getByRole('dialog', { name: 'Find Result: 0 records found' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(modal).toBeHidden();
  await expect(drawer).toBeVisible();
});

test('a search with exactly one result opens that record', async ({ page }) => {
  const drawer = await openSearch(page);
  // An invoice whose id matches no service vehicle's invoice: exactly one result.
  const api = await apiAs(page);
  const list = await api.get<{ value: Array<{ id: number }> }>(
    '/api/Invoices?$top=20&$select=id&$orderby=id',
  );
  let single: number | undefined;
  for (const { id } of list.value) {
    const found = await apiSearch(page, { invoiceId: id });
    if (found.invoices.length + found.serviceVehicles.length === 1) {
      single = id;
      break;
    }
  }
  if (single === undefined) throw new Error('no invoice with exactly one search result in the seed');

  await drawer.getByLabel('Invoice Id', { exact: true }).fill(String(single));
  await drawer.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${single}$`));
  await expect(page).toHaveTitle(screenTitle(`Invoice: ${single}`));
  await expectToast(page, FOUND);
  await expect(drawer).toBeHidden();
});

test('a search with many results lists them in "Find Result: N records found"; a row opens its record', async ({
  page,
}) => {
  const drawer = await openSearch(page);
  const { lastName, found, count } = await lastNameWithSeveralResults(page);

  await drawer.getByLabel('Last Name', { exact: true }).fill(lastName);
  await drawer.getByRole('button', { name: 'Search', exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Find Result: ${count} records found` });
  await expect(modal).toBeVisible();
  await expectToast(page, FOUND);
  if (found.serviceVehicles.length) {
    await expect(
      modal.getByRole('button', { name: `Open service vehicle ${found.serviceVehicles[0].id}`, exact: true }),
    ).toBeVisible();
  }
  const invoice = found.invoices[0];
  await modal.getByRole('button', { name: `Open invoice ${invoice.id}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(modal).toBeHidden();
  await expect(drawer).toBeHidden();
});

test('a phone search matches the last digits of the given length', async ({ page }) => {
  const drawer = await openSearch(page);
  const api = await apiAs(page);
  const list = await api.get<{ value: Array<{ id: number; customerPhone: string }> }>(
    '/api/Invoices?$top=1&$select=id,customerPhone&$filter=customerPhone ne null&$orderby=id',
  );
  const invoice = list.value[0];
  const suffix = invoice.customerPhone.replace(/\D/g, '').slice(-7);
  const found = await apiSearch(page, { phone: suffix });
  expect(found.invoices.map((row) => row.id)).toContain(invoice.id);
  const count = found.invoices.length + found.serviceVehicles.length;

  await drawer.getByLabel('Phone', { exact: true }).fill(suffix);
  await drawer.getByRole('button', { name: 'Search', exact: true }).click();
  if (count === 1) {
    await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  } else {
    const modal = page.getByRole('dialog', { name: `Find Result: ${count} records found` });
    await expect(
      modal.getByRole('button', { name: `Open invoice ${invoice.id}`, exact: true }),
    ).toBeVisible();
  }
});

test('quick phone input: letters are rejected; 4 digits open the Phone dialog and the field clears', async ({
  page,
}) => {
  await page.goto('/new-home');
  const input = page.getByRole('textbox', { name: 'Phone lookup' });
  await expect(input).toHaveAttribute('maxlength', '11');
  await input.pressSequentially('8a3b');
  await expect(input).toHaveValue('83');
  await input.fill('');

  const api = await apiAs(page);
  const list = await api.get<{ value: Array<{ id: number; customerPhone: string }> }>(
    '/api/Invoices?$top=1&$select=id,customerPhone&$filter=customerPhone ne null&$orderby=id',
  );
  const digits = list.value[0].customerPhone.replace(/\D/g, '').slice(-4);
  await input.pressSequentially(digits);
  const dialog = page.getByRole('dialog', { name: `Phone: ${digits}` });
  await expect(dialog).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(
    dialog.getByRole('button', { name: `Open invoice ${list.value[0].id}`, exact: true }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: `Open invoice ${list.value[0].id}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${list.value[0].id}$`));
  await expect(dialog).toBeHidden();
});
