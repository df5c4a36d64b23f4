import type { Page } from '@playwright/test';
import { apiAs, DEMO, expect, test } from './fixtures';

/** Issue 13 items 6–10: parking lines, /my-requests?recordId, the service vehicle list, subscriptions, small gaps. */

type ParkedRow = { id: number; parkLine: number; serviceVehicleId: number | null; invoiceId: number | null };

/** A fresh service vehicle of this test, made through the API. */
async function createVehicle(page: Page, repairCount = 2) {
  await page.goto('/new-home');
  const api = await apiAs(page);
  const ro = `E2C${Date.now() % 100_000_000}${Math.floor(Math.random() * 100)}`;
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount,
    vehicle: { year: 2021, make: 'Mazda', model: 'CX-5' },
    repairOrder: { repairOrderNumber: ro },
    customer: { firstName: 'Robin', lastName: 'Corrections' },
  });
  return { id: sv.id, ro, api };
}

async function call(page: Page, method: string, path: string, data?: unknown) {
  const { token } = await apiAs(page);
  return page.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
}

test.describe('Park dialog (spec 1 §4: a slot is occupied when recordNumber > 0)', () => {
  test('shows which lines are taken and by what, offers only free ones; the service vehicle detail parks', async ({
    page,
  }) => {
    const sv = await createVehicle(page);
    const { api } = sv;
    const before = (await api.get<{ value: ParkedRow[] }>('/api/ParkedItemsOdata')).value;
    expect(before.length, 'a seeded parked item').toBeGreaterThan(0);
    const occupant = before[0] as ParkedRow;
    const occupantText = occupant.invoiceId
      ? `Invoice ${occupant.invoiceId}`
      : `Service Vehicle ${occupant.serviceVehicleId}`;
    const taken = new Set(before.map((p) => p.parkLine));
    const freeLine = [1, 2, 3, 4, 5, 6, 7, 8].find((l) => !taken.has(l));
    expect(freeLine, 'a free line').toBeDefined();
    try {
      await page.goto(`/service-vehicles/${sv.id}`);
      await page
        .getByRole('toolbar', { name: 'Service vehicle actions' })
        .getByRole('button', { name: 'Park' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Park' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(/^\d+ of \d+ lines free$/)).toBeVisible();
      // The user first, so that only the line decides whether Park can be pressed.
      await dialog.getByRole('combobox', { name: 'User' }).click();
      await page.keyboard.type('Ortega');
      await page.keyboard.press('Enter');
      const select = dialog.getByRole('combobox', { name: 'Line' });
      await select.click();
      const listId = await select.getAttribute('aria-controls');
      const dropdown = page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) });
      const options = dropdown.locator('.ant-select-item-option');
      const takenOption = options.filter({ hasText: `Line ${occupant.parkLine} — taken: ${occupantText}` });
      await expect(takenOption).toBeVisible();
      await expect(takenOption).toHaveClass(/ant-select-item-option-disabled/);
      await expect(takenOption).toContainText(' for ');
      // Every taken line is disabled, every free one is not.
      await expect(dropdown.locator('.ant-select-item-option-disabled')).toHaveCount(taken.size);
      // A taken line cannot be chosen (the click is sent to the option itself: the drop-down may still be
      // moving into place, and a forced click at a position outside the viewport is refused).
      await takenOption.dispatchEvent('click');
      await expect(dialog.getByRole('button', { name: 'Park' })).toBeDisabled();
      const freeOption = options.filter({ hasText: `Line ${freeLine} — free` });
      await expect(freeOption).not.toHaveClass(/ant-select-item-option-disabled/);
      await freeOption.click();
      await expect(dialog.getByRole('button', { name: 'Park' })).toBeEnabled();
      const parked = page.waitForResponse(
        (r) => r.url().includes(`/api/ServiceVehicle/${sv.id}/park`) && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Park' }).click();
      expect((await parked).status()).toBe(200);
      await expect(dialog).toBeHidden();
      // The detail shows where it is parked now.
      await expect(page.getByText(new RegExp(`Line ${freeLine} by .* for Luis Ortega`))).toBeVisible();
    } finally {
      const after = (await api.get<{ value: ParkedRow[] }>('/api/ParkedItemsOdata')).value;
      for (const row of after.filter((p) => p.serviceVehicleId === sv.id))
        await call(page, 'DELETE', `/api/ParkedItemsOdata/${row.id}`);
    }
  });
});

test('/my-requests/?recordId= shows that service vehicle even when it is not in the list', async ({
  page,
}) => {
  // A vehicle without any tech request: the My Requests list itself does not hold it.
  const sv = await createVehicle(page, 1);
  await page.goto(`/my-requests/?recordId=${sv.id}`);
  await expect(page.getByRole('heading', { name: 'My Requests' })).toBeVisible();
  const card = page.getByRole('region', { name: `Service vehicle ${sv.id}` });
  await expect(card.getByRole('link', { name: `#${sv.id} 2021 Mazda CX-5` })).toBeVisible();
  await expect(card.locator('[aria-current="true"]')).toBeVisible();
  await expect(card.getByRole('link', { name: `#${sv.id} 2021 Mazda CX-5` })).toBeFocused();
  await card.getByRole('link', { name: `#${sv.id} 2021 Mazda CX-5` }).click();
  await page.waitForURL(new RegExp(`/service-vehicles/${sv.id}$`));
});

test('the service vehicle list lists only vehicles with repairs > 0, without a switch', async ({ page }) => {
  const pending = await createVehicle(page, 0);
  const repaired = await createVehicle(page, 1);
  await page.goto('/service-vehicles');
  await expect(page.getByRole('heading', { name: 'Service Vehicles' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /Only repairs/ })).toHaveCount(0);
  const search = page.getByRole('textbox', { name: 'Search by VIN, RO number or license tag' });
  await search.fill(pending.ro);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('0 found')).toBeVisible();
  await search.fill(repaired.ro);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 found')).toBeVisible();
  await expect(page.getByTestId('sv-row')).toHaveCount(1);
});

test('Subscription Settings has four columns: group name, description, Never, Always', async ({ page }) => {
  await page.goto('/new-home');
  await page.getByRole('button', { name: 'Subscriptions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscription Settings' });
  await expect(dialog.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(dialog.getByRole('columnheader')).toHaveText(['Group', 'Description', 'Never', 'Always']);
  const row = dialog.locator('tbody tr.ant-table-row').first();
  await expect(row.getByRole('cell')).toHaveCount(4);
  const never = row.getByRole('cell').nth(2).getByRole('radio');
  const always = row.getByRole('cell').nth(3).getByRole('radio');
  // Exactly one of the two is chosen, and choosing the other moves the choice.
  expect([await never.isChecked(), await always.isChecked()].filter(Boolean)).toHaveLength(1);
  const target = (await never.isChecked()) ? always : never;
  await target.check();
  await expect(target).toBeChecked();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('New Conversation: the required-field messages go once the fields are filled', async ({ page }) => {
  await page.goto('/new-home');
  await page.getByRole('button', { name: 'Open Messages' }).click();
  await page.getByRole('button', { name: 'New Conversation' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const subjectProblem = page.getByRole('alert').filter({ hasText: 'Please enter a subject' });
  const messageProblem = page.getByRole('alert').filter({ hasText: 'Please enter a message' });
  await expect(subjectProblem).toBeVisible();
  await expect(messageProblem).toBeVisible();
  await page.getByLabel('Subject', { exact: true }).fill('Chip on the left');
  await expect(subjectProblem).toHaveCount(0);
  await expect(page.getByLabel('Subject', { exact: true })).toHaveAttribute('aria-invalid', 'false');
  await expect(messageProblem).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('Please look at it');
  await expect(messageProblem).toHaveCount(0);
});

test.describe('a Lead Technician', () => {
  test.use({ user: DEMO.leadTech });
  test('STA Phones offers the brands in its Brand filter', async ({ page }) => {
    await page.goto('/sta-phones');
    await expect(page.getByRole('heading', { name: 'STA Phones' })).toBeVisible();
    const select = page.getByLabel('Brand', { exact: true });
    await select.click();
    const listId = await select.getAttribute('aria-controls');
    const dropdown = page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) });
    await expect(dropdown.locator('.ant-select-item-option').first()).toBeVisible();
  });
});

test('an unknown service vehicle says so', async ({ page }) => {
  await page.goto('/service-vehicles/999999');
  await expect(page.getByRole('heading', { name: 'Service vehicle 999999 was not found' })).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
  await page.locator('#main-content').getByRole('button', { name: 'Service Vehicles' }).click();
  await page.waitForURL(/\/service-vehicles$/);
});

test("'Failed to get User Information.' when the session user cannot be loaded", async ({ page }) => {
  await page.route('**/api/self', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/new-home');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to get User Information.' })).toBeVisible();
});

test('the service vehicle detail shows the accessories GET ServiceVehicle/Accessories/{id} returns', async ({
  page,
}) => {
  const empty = await createVehicle(page, 1);
  await page.goto(`/service-vehicles/${empty.id}`);
  await expect(page.getByRole('region', { name: 'Accessories' }).getByText('No accessories.')).toBeVisible();
  // Accessories are recorded on the invoice made from the vehicle: a seeded invoiced vehicle with some.
  const api = empty.api;
  const invoiced = (
    await api.get<{ value: Array<{ id: number }> }>(
      '/api/ServiceVehicles?$filter=invoiceId ne null&$select=id&$top=40&$orderby=id',
    )
  ).value;
  let found: { id: number; names: string[] } | undefined;
  for (const sv of invoiced) {
    const list = await api.get<Array<{ name: string }>>(`/api/ServiceVehicle/Accessories/${sv.id}`);
    if (list.length) {
      found = { id: sv.id, names: list.map((a) => a.name) };
      break;
    }
  }
  expect(found, 'a seeded service vehicle whose invoice has accessories').toBeDefined();
  const loaded = page.waitForResponse((r) =>
    r.url().endsWith(`/api/ServiceVehicle/Accessories/${found?.id}`),
  );
  await page.goto(`/service-vehicles/${found?.id}`);
  expect((await loaded).status()).toBe(200);
  const list = page.getByRole('region', { name: 'Accessories' }).getByRole('list', { name: 'Accessories' });
  for (const name of found?.names ?? []) await expect(list).toContainText(name);
});
