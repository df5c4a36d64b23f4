import type { Page } from '@playwright/test';
import { apiAs, apiLogin, DEMO, expect, expectAccessible, screenTitle, test } from './fixtures';

interface Detail {
  id: number;
  totalCost: number | string;
  lock: { id: number; user: { id: number; name: string } } | null;
}

let ro = 0;

/** A fresh invoice of its own: a new service vehicle, then createInvoiceFromServiceVehicle. */
async function newInvoice(page: Page): Promise<number> {
  // apiAs reads the token from the app's local storage, so the app must be open.
  if (page.url() === 'about:blank') await page.goto('/');
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Honda', model: 'Accord', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EID${Date.now() % 1_000_000}${++ro}`, statusId: 3 },
    customer: {
      firstName: 'Dana',
      lastName: 'Detailcase',
      contact: { primaryPhone: { phone: '(713) 555-0142', phoneTypeId: 2 } },
    },
  });
  const created = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  return created.invoiceId;
}

const money = (value: number | string) => `$${Number(value).toFixed(2)}`;

test.describe('invoice detail', () => {
  test('a seeded invoice with an installer visit lists its appointment schedule', async ({ page }) => {
    await page.goto('/new-home');
    const api = await apiAs(page);
    type Scheduled = { id: number; appointmentSchedules: { status: string | null }[] };
    const page1 = await api.get<{ value: { id: number }[] }>('/api/Invoices?$select=id&$top=40&$orderby=id');
    let found: Scheduled | undefined;
    for (const { id } of page1.value) {
      const detail = await api.get<Scheduled>(`/api/Invoices/${id}`);
      if (detail.appointmentSchedules.some((a) => a.status)) {
        found = detail;
        break;
      }
    }
    expect(found, 'a seeded invoice with an appointment').toBeDefined();
    await page.goto(`/invoices/${found!.id}`);
    const schedules = page.getByRole('list', { name: 'Appointment schedules' });
    await expect(schedules.getByRole('listitem')).toHaveCount(found!.appointmentSchedules.length);
    await expect(schedules).toContainText(found!.appointmentSchedules.find((a) => a.status)!.status!);
  });

  test('edit sends only the changed field; repairs change the total; submit then finalize', async ({
    page,
  }) => {
    const id = await newInvoice(page);
    await page.goto(`/invoices/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Invoice: ${id}` })).toBeVisible();
    await expect(page).toHaveTitle(screenTitle(`Invoice: ${id}`));
    await expect(page.getByLabel('Customer last name', { exact: true })).toHaveValue('Detailcase');
    await expectAccessible(page);

    // One edited field → a PATCH with that field only (and the customer's id it belongs to).
    const { customer } = await (await apiAs(page)).get<{ customer: { id: number } }>(`/api/Invoices/${id}`);
    await page.getByLabel('Customer primary phone', { exact: true }).fill('(713) 555-0177');
    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().endsWith(`/api/Invoices/${id}`),
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({
      customer: { id: customer.id, primaryPhone: { phone: '7135550177' } },
    });
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await expect(
      page.getByRole('list', { name: 'History entries' }).getByText('Customer updated').first(),
    ).toBeVisible();

    // Payment type Repair Order needs a reference: refused in the form, nothing sent.
    const form = page.getByRole('form', { name: 'Invoice details' });
    await form.getByLabel('Payment type', { exact: true }).click();
    await page
      .locator(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Repair Order"]',
      )
      .click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Reference is required for Repair Order payments')).toBeVisible();
    await page.getByRole('button', { name: 'Discard changes' }).click();

    // A new repair line: the total is re-read from the server's answer.
    const before = await page.getByTestId('invoice-total').innerText();
    await page.getByRole('button', { name: 'Add repair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add repair' });
    await dialog.getByLabel('Description').fill('Chip repair passenger side');
    await dialog.getByLabel('Amount').fill('45.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByTestId('repair-line').filter({ hasText: 'Chip repair passenger side' }),
    ).toBeVisible();
    const detail = await (await apiAs(page)).get<Detail>(`/api/Invoices/${id}`);
    await expect(page.getByTestId('invoice-total')).toHaveText(money(detail.totalCost));
    expect(money(detail.totalCost)).not.toBe(before);

    // Work flow: submit, then finalize; finalized means read only.
    const toolbar = page.getByRole('toolbar', { name: 'Invoice actions' });
    await toolbar.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('list', { name: 'Status' }).getByText('Submitted')).toBeVisible();
    await toolbar.getByRole('button', { name: 'Finalize' }).click();
    await expect(page.getByRole('list', { name: 'Status' }).getByText('Finalized')).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Unfinalize' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(page.getByLabel('Claim number')).toBeDisabled();
  });

  test('an unknown invoice says so', async ({ page }) => {
    await page.goto('/invoices/999999999');
    await expect(page.getByText('Invoice 999999999 not found or missing service vehicle')).toBeVisible();
  });

  test('narrow screen: sections stack, actions collapse into a menu', async ({ page }) => {
    const id = await newInvoice(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/invoices/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Invoice: ${id}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'More actions' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectAccessible(page);
  });
});

test.describe('invoice locked by another user', () => {
  test.use({ user: DEMO.manager });

  test('shows the lock holder and is read only', async ({ page }) => {
    const id = await newInvoice(page);
    const adminToken = await apiLogin(page.request, DEMO.admin);
    const res = await page.request.put(`/api/Invoices/${id}/LockForCurrentUser`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(res.ok()).toBe(true);
    const holder = ((await res.json()) as Detail).lock?.user.name ?? '';
    expect(holder).not.toBe('');

    await page.goto(`/invoices/${id}`);
    await expect(page.getByText(new RegExp(`Locked by ${holder} since .* — read only`))).toBeVisible();
    await expect(page.getByLabel('Claim number')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add repair' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
