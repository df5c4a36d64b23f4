import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, expect, expectAccessible, test, expectToast } from './fixtures';

/**
 * The call centre (issue #22): the dashboard follows the phone system live, an agent works a call list,
 * and Call Status dials through the phone bridge.
 */
const PBX_TOKEN = process.env.PBX_TOKEN ?? 'e2e-pbx-token-0123456789abcdef';
let seq = 0;

const uniquePhone = () => `281${String(Math.floor(1e6 + Math.random() * 8.9e6)).padStart(7, '0')}`;

async function ingest(request: APIRequestContext, record: Record<string, unknown>) {
  const res = await request.post('/api/callLog/ingest', {
    headers: { Authorization: `Bearer ${PBX_TOKEN}` },
    data: {
      callId: `E2E-${Date.now()}-${++seq}`,
      direction: 'in',
      from: uniquePhone(),
      to: '7135550000',
      startedAt: new Date().toISOString(),
      result: 'answered',
      ...record,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The admin's own phone extension (seeded for the office staff). */
async function myExtension(page: Page): Promise<string> {
  const api = await apiAs(page);
  const self = await api.get<{ id: number }>('/api/self');
  const list = await api.get<Array<{ extension: string }> | { value: Array<{ extension: string }> }>(
    `/api/phoneExtensions/list?userId=${self.id}`,
  );
  const rows = Array.isArray(list) ? list : list.value;
  return rows[0].extension;
}

const statValue = (page: Page, title: string) =>
  page
    .getByTestId('call-center-totals')
    .locator('.ant-statistic')
    .filter({ has: page.locator('.ant-statistic-header', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-statistic-content-value');

test('the Call Center dashboard updates when the phone system sends a call, and calls a missed caller back', async ({
  page,
  context,
}) => {
  await page.goto('/call-center');
  await expect(page.getByRole('heading', { name: 'Call Center', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Calls on / })).toBeVisible();
  const before = Number(await statValue(page, 'Calls received').innerText());

  const missed = uniquePhone();
  await ingest(page.request, { from: missed, result: 'missed' });
  // No reload: the real-time hub tells the dashboard.
  await expect(statValue(page, 'Calls received')).toHaveText(String(before + 1), { timeout: 20_000 });
  const row = page.getByRole('row').filter({ hasText: missed });
  await expect(row).toBeVisible();
  await expectAccessible(page);

  const uriAsked = page.waitForResponse((r) => r.url().includes('/api/phoneExtensions/getRequestUri'));
  const popup = context.waitForEvent('page');
  await row.getByRole('button', { name: `Call back ${missed}` }).click();
  const answer = await uriAsked;
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).searchParams.get('destinationPhone')).toBe(missed);
  await popup;
});

test('an agent works a call list: takes a record, calls, records the outcome, and the next record appears', async ({
  page,
  context,
}) => {
  await page.goto('/call-manager');
  await expect(page.getByRole('heading', { name: 'Call Manager', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Service Drive' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /records in Ready to call$/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Start calling' }).click();
  const current = page.getByTestId('current-record');
  await expect(current).toBeVisible();
  const first = await current.getByRole('link').innerText();

  const record = page.getByRole('region', { name: 'Current record' });
  const callButton = record.getByRole('button', { name: /^Call / }).first();
  if (await callButton.isVisible()) {
    const uriAsked = page.waitForResponse((r) => r.url().includes('/api/phoneExtensions/getRequestUri'));
    const popup = context.waitForEvent('page');
    await callButton.click();
    expect((await uriAsked).status()).toBe(200);
    await popup;
  }
  await record.getByRole('combobox', { name: 'Disposition' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await record.getByLabel('Notes').fill('Customer will come Friday');
  await expectAccessible(page, 'section[aria-label="Current record"]');
  await record.getByRole('button', { name: 'Save outcome and next' }).click();
  await expectToast(page, 'Outcome recorded');
  await expect(current.getByRole('link')).not.toHaveText(first);
  const second = await current.getByRole('link').innerText();

  // The outcome is in the vehicle's history, and the next record is locked for this agent only.
  const api = await apiAs(page);
  const history = await api.get<{ value: Array<{ activity: string; details: string | null }> }>(
    `/api/ServiceVehicleHistory?$filter=serviceVehicleId eq ${first}`,
  );
  expect(history.value.map((h) => h.activity)).toContain('Call outcome');
  await api.put(`/api/ServiceVehicle/${second}/removeLock`);
});

test('Call Status dials through the phone bridge and lists my last calls with redial', async ({
  page,
  context,
}) => {
  await page.goto('/call-status');
  await expect(page.getByRole('heading', { name: 'Call Status', level: 1 })).toBeVisible();
  const extension = await myExtension(page);
  await expect(page.getByTestId('my-extension')).toHaveText(extension);

  const number = '7135550100';
  for (const digit of number) await page.getByRole('button', { name: `Dial ${digit}`, exact: true }).click();
  const field = page.getByLabel('Phone number to call');
  await expect(field).toHaveValue(number);
  // The quick phone input's characters only.
  await field.pressSequentially('x');
  await expect(field).toHaveValue(number);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expectAccessible(page);

  const uriAsked = page.waitForResponse((r) => r.url().includes('/api/phoneExtensions/getRequestUri'));
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Call this number' }).click();
  const answer = await uriAsked;
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).searchParams.get('destinationPhone')).toBe(number);
  await popup;
  await expect(page.getByRole('status').filter({ hasText: `Calling ${number}` })).toBeVisible();

  // The phone system reports the call on my extension: it shows among my last calls, ready to redial.
  const to = uniquePhone();
  await ingest(page.request, { direction: 'out', from: '7135550000', to, extension });
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: to });
  await expect(row).toBeVisible();
  const again = page.waitForResponse((r) => r.url().includes('/api/phoneExtensions/getRequestUri'));
  await row.getByRole('button', { name: `Redial ${to}` }).click();
  expect(new URL((await again).url()).searchParams.get('destinationPhone')).toBe(to);
});

test('Phone Requests looks a requested number up and the app opens the one match, else the Phone dialog', async ({
  page,
}) => {
  await page.goto('/new-home');
  await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
  const api = await apiAs(page);
  const phone = uniquePhone();
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Toyota', model: 'Camry', sourceId: 5 },
    repairOrder: { repairOrderNumber: `E2EC${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Rita',
      lastName: 'Requests',
      contact: { primaryPhone: { phone, phoneTypeId: 2 } },
    },
  });
  // The app embeds the bridge, as a softphone page would, and asks it for a call once it says it is ready.
  await page.evaluate(() => {
    const w = window as unknown as { bridgeReady: boolean };
    window.addEventListener('message', (e) => {
      if (e.data === 'phone-extensions-ready') w.bridgeReady = true;
    });
    const frame = Object.assign(document.createElement('iframe'), { id: 'bridge', src: '/phone-requests' });
    document.body.appendChild(frame);
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { bridgeReady?: boolean }).bridgeReady), {
      timeout: 20_000,
    })
    .toBe(true);
  // It has no UI of its own (spec 2 §2): no title, no app header in the frame.
  await expect(page.frameLocator('#bridge').getByRole('heading')).toHaveCount(0);
  await expect(page.frameLocator('#bridge').getByRole('banner')).toHaveCount(0);
  const ask = (number: string) =>
    page.evaluate((n) => {
      const frame = document.getElementById('bridge') as HTMLIFrameElement;
      frame.contentWindow?.postMessage(
        `makePhoneCall?${JSON.stringify({ DestinationPhoneNumber: n })}`,
        window.location.origin,
      );
    }, number);
  await ask(phone);
  await page.waitForURL(`**/service-vehicles/${sv.id}`);

  const unknown = `9${uniquePhone().slice(1)}`;
  await ask(unknown);
  // The dialog names the number as every screen shows phones: (981) 764-6218.
  const shown = `(${unknown.slice(0, 3)}) ${unknown.slice(3, 6)}-${unknown.slice(6)}`;
  await expect(page.getByRole('dialog', { name: `Phone: ${shown}` })).toBeVisible();
});

test('the call centre screens fit a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [path, title] of [
    ['/call-center', 'Call Center'],
    ['/call-manager', 'Call Manager'],
    ['/call-status', 'Call Status'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
});

test('an agent makes a call query of their own, sees its list under My queries, and deletes it', async ({
  page,
}) => {
  await page.goto('/call-manager');
  await expect(page.getByRole('heading', { name: 'Call Manager', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New query' }).click();
  const dialog = page.getByRole('dialog', { name: 'New call query' });
  await dialog.getByRole('button', { name: 'Save query' }).click();
  await expect(dialog.getByText('Give the query a name')).toBeVisible();
  const name = `Urgent repairs ${Date.now() % 100_000}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Priorities' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^1$/ })
    .click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: 'Repair or replacement' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Repairs' })
    .click();
  await expectAccessible(page, '.ant-modal-wrap');
  await dialog.getByRole('button', { name: 'Save query' }).click();
  await expect(dialog).toBeHidden();

  // The new query is chosen under My queries, and its list is read.
  await expect(
    page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Query' }) }),
  ).toContainText(`${name} (mine)`);
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`records in ${name}$`) })).toBeVisible();

  await page.getByRole('button', { name: `Delete query ${name}` }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /^(OK|Yes)$/ })
    .click();
  await expect(page.getByRole('button', { name: `Delete query ${name}` })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Query' }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).not.toContainText(name);
});
