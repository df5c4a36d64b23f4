import type { Page } from '@playwright/test';
import { apiAs, expect, expectAccessible, test } from './fixtures';

/** A fresh invoice of this test's own (a new service vehicle, then its invoice), opened now. */
async function newInvoice(page: Page): Promise<number> {
  if (page.url() === 'about:blank') await page.goto('/login'); // the token lives in the page's storage
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 2,
    vehicle: { make: 'Honda', model: 'Accord', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EL${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Lena',
      lastName: 'Listcase',
      contact: { primaryPhone: { phone: '(713) 555-0142', phoneTypeId: 2 } },
    },
  });
  const created = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  return created.invoiceId;
}

test.describe.configure({ mode: 'serial' });

test('the invoice list loads, filters by invoice number (kept in the URL) and opens an invoice', async ({
  page,
}) => {
  const id = await newInvoice(page);
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ found/)).toBeVisible();
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByText('More filters').click();
  await page.getByLabel('Invoice #').fill(String(id));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${id}(&|$)`));
  await expect(page.getByText(/^1 found$/)).toBeVisible();
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  // The header counts (GET /api/Invoices/summary) follow the same filter; a count also filters.
  await expect(page.getByRole('button', { name: 'Total 1', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submitted 0', exact: true }).click();
  await expect(page).toHaveURL(/[?&]submitted=yes/);
  await expect(page.getByText(/^0 found$/)).toBeVisible();
  await page.goBack();
  await expect(page.getByText(/^1 found$/)).toBeVisible();

  await page.getByRole('link', { name: `Invoice ${id}`, exact: true }).click();
  await page.waitForURL(`**/invoices/${id}`);
  // Back keeps the filter (it lives in the query string).
  await page.goBack();
  await expect(page.getByLabel('Invoice #')).toHaveValue(String(id));
  await expect(page.getByText(/^1 found$/)).toBeVisible();

  // A bad invoice number is refused with its reason and asks nothing.
  await page.goto('/invoices?id=abc');
  await expect(page.getByRole('alert').filter({ hasText: 'Invoice # must be a number' })).toBeVisible();
});

test('every list filter is understood by the server', async ({ page }) => {
  const filters = new URLSearchParams({
    from: '2020-01-01',
    to: '',
    reference: 'r',
    claim: 'c',
    soldTo: "O'Brien",
    phone: '713',
    plate: 'p',
    serviceTag: 's',
    ro: 'r',
    vin: 'v',
    vehicle: '2019 honda',
    address: 'main',
    submitted: 'yes',
    finalized: 'no',
    signed: 'no',
    funded: 'no',
    flagged: 'no',
    followedUp: 'no',
    void: 'no',
    lost: 'no',
    type: 'repair',
    thumb: '0',
    notes: 'no',
    facility: '1',
    paymentType: '1',
  });
  await page.goto(`/invoices?${filters}`);
  await expect(page.getByText(/^0 found$/)).toBeVisible();
  await expect(page.getByText('More filters (21 active)')).toBeVisible();
});

test('the invoice list at 375 px shows cards and stays accessible', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/invoices');
  await expect(page.getByText(/^\d+ found/)).toBeVisible();
  await expect(page.locator('article.inv-card').first()).toBeVisible();
  await expect(page.getByTestId('invoice-row')).toHaveCount(0);
  await expectAccessible(page);
});

test('outstanding invoices show rows with their reason', async ({ page }) => {
  await newInvoice(page); // no payment yet: unpaid
  await page.goto('/outstanding-invoices');
  await expect(page.getByRole('heading', { name: 'Outstanding Invoices', level: 1 })).toBeVisible();
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  await expect(page.getByText(/^\d+ outstanding$/)).toBeVisible();
  await expect(page.getByRole('cell', { name: /^(Unpaid|Missing reference)$/ }).first()).toBeVisible();
});

test('finalizing: a submitted invoice is finalized from the screen and leaves the list', async ({ page }) => {
  const id = await newInvoice(page);
  const api = await apiAs(page);
  await api.post(`/api/Invoices/${id}/submit`);
  await page.goto('/finalizing');
  await expect(page.getByRole('heading', { name: 'Finalizing', level: 1 })).toBeVisible();
  const finder = page.getByLabel(/^Find by invoice number/);
  await finder.fill(String(id));
  await finder.press('Enter');
  await expect(page.getByText('1 to finalize')).toBeVisible();
  await expect(page.getByRole('link', { name: `Invoice ${id}`, exact: true })).toBeVisible();
  await page.getByLabel(`Select invoice ${id}`).check();
  await page.getByRole('button', { name: /^Finalize selected/ }).click();
  await expect(page.getByText('1 finalized, 0 refused')).toBeVisible();
  await expect(page.getByRole('link', { name: `Invoice ${id}`, exact: true })).toHaveCount(0);
  const detail = await api.get<{ finalized: boolean }>(`/api/Invoices/${id}`);
  expect(detail.finalized).toBe(true);
});
