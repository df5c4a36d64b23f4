import { apiAs, apiLogin, DEMO, expect, SESSION_CACHE_KEY, test, expectToast } from './fixtures';

// User 102 owns these: duty and facility are per user and other specs sign in as 101.
test.use({
  user: DEMO.manager,
  // Spec 1 §4: going on duty uses the device location (the spec's default map position).
  permissions: ['geolocation'],
  geolocation: { latitude: 29.940498, longitude: -95.522003 },
});

const DUTY_UPDATED = 'duty status updated successfully';

test('off duty asks first (Cancel keeps on duty, OK turns it off); on duty applies at once', async ({
  page,
}) => {
  await page.goto('/login');
  const api = await apiAs(page);
  await api.post('/api/Users/ToggleOnDuty', { onDuty: true }); // a known start, whatever ran before

  await page.goto('/new-home');
  const duty = page.getByRole('switch', { name: 'On Duty', exact: true });
  await expect(duty).toBeChecked();

  await duty.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Off Duty' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(duty).toBeChecked();
  expect((await api.get<{ onDuty: boolean }>('/api/Users/GetOnDuty')).onDuty).toBe(true);

  await duty.click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expectToast(page, DUTY_UPDATED);
  await expect(duty).not.toBeChecked();
  await expect(page.getByText('Off Duty', { exact: true })).toBeVisible();
  expect((await api.get<{ onDuty: boolean }>('/api/Users/GetOnDuty')).onDuty).toBe(false);

  // Turning on applies at once (no dialog) with the device location.
  const toggled = page.waitForRequest((req) => /\/api\/Users\/ToggleOnDuty$/i.test(req.url()));
  await duty.click();
  expect((await toggled).postDataJSON()).toMatchObject({
    onDuty: true,
    latitude: 29.940498,
    longitude: -95.522003,
  });
  await expect(duty).toBeChecked();
  await expect(confirm).toBeHidden();
  await expectToast(page, DUTY_UPDATED);
  expect((await api.get<{ onDuty: boolean }>('/api/Users/GetOnDuty')).onDuty).toBe(true);
});

test('switching facility is saved on the server and survives a reload', async ({ page, request }) => {
  await page.goto('/new-home');
  // The first load has finished (and kept its session on the device) before the grant below.
  await expect(page.getByRole('combobox', { name: 'Facility' })).toBeEnabled();
  const api = await apiAs(page);
  const before = await api.get<{ id: number; facility: { id: number } | null }>('/api/self');
  // The manager may switch only to facilities they are allowed: an admin grants one more (issue #31).
  const adminToken = await apiLogin(request, DEMO.admin);
  const asAdmin = { Authorization: `Bearer ${adminToken}` };
  const facilities = (await (await request.get('/api/FacilitiesOData', { headers: asAdmin })).json())
    .value as { id: number; name: string }[];
  const other = facilities.find((facility) => facility.id !== before.facility?.id);
  if (!other) throw new Error('the seed needs two facilities');
  const employee = await (await request.get(`/api/users/${before.id}`, { headers: asAdmin })).json();
  const grant = (extraFacilityIds: number[]) =>
    request.put(`/api/users/${before.id}`, {
      headers: asAdmin,
      data: { ...employee, password: undefined, extraFacilityIds },
    });
  expect((await grant([other.id])).status()).toBe(200);
  // The session is kept 5 minutes on the device (spec 1 §4): a grant shows after that, a Refresh or a new sign-in.
  // Here the kept one is dropped.
  await page.evaluate((key) => localStorage.removeItem(key), SESSION_CACHE_KEY);
  await page.reload();

  // The top bar's antd Select: type to search, full names in a drop-down wider than the box.
  const select = page.getByRole('combobox', { name: 'Facility' });
  await expect(select).toBeEnabled();
  const saved = page.waitForResponse((res) => /\/api\/Users\/SelectFacility$/i.test(res.url()));
  await select.click();
  await select.fill(other.name.slice(0, 12));
  const option = page.locator('.ant-select-item-option').filter({ hasText: other.name });
  await expect(option.first()).toHaveText(other.name); // the whole name, not cut off
  await option.first().click();
  expect((await saved).ok()).toBe(true);
  const shown = page.locator('header .ant-select').filter({ has: select });
  await expect(shown).toContainText(other.name);
  await expect(select).toBeEnabled();

  await page.reload();
  await expect(shown).toContainText(other.name);
  const self = await (await apiAs(page)).get<{ facility: { id: number } }>('/api/self');
  expect(self.facility.id).toBe(other.id);
  // Also without the local start-up cache: the screen shows what the server holds.
  await page.evaluate((key) => localStorage.removeItem(key), SESSION_CACHE_KEY);
  await page.reload();
  await expect(page.locator('header .ant-select').filter({ has: select })).toContainText(other.name);
  // Taken back: the manager works at their home facility again.
  expect((await grant([])).status()).toBe(200);
});
