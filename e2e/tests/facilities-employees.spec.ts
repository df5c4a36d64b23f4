import { apiAs, apiLogin, expect, signIn, TOKEN_KEY, test } from './fixtures';

/** Issue 5: facilities and employees. Names carry a run id so a rerun on the same database still works. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

/** A real 1×1 PNG, built in memory (the server checks uploads by content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The image is there and decoded (an object URL of the served picture), not just an <img> tag. */
const decoded = (img: import('@playwright/test').Locator) =>
  expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);

test('a new facility with an uploaded icon shows the icon after save', async ({ page }) => {
  const shortName = `FAC${RUN}`;
  await page.goto('/facilities');
  await page.getByRole('button', { name: 'New Facility' }).click();
  const form = page.getByRole('form', { name: 'New Facility' });
  await form.getByLabel('Facility Number', { exact: true }).fill(`F${RUN}`);
  await form.getByLabel('Name', { exact: true }).fill(`Facility ${RUN}`);
  await form.getByLabel('Short Name', { exact: true }).fill(shortName);

  await form
    .locator('.ant-upload')
    .filter({ has: page.getByRole('button', { name: 'Upload Icon' }) })
    .locator('input[type=file]')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
  await decoded(form.getByRole('img', { name: 'Icon', exact: true }));

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();
  await page.getByLabel('Search Facilities', { exact: true }).fill(shortName);
  await page.getByRole('button', { name: `Edit Facility ${shortName}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Facility' });
  await expect(edit.getByLabel('Short Name', { exact: true })).toHaveValue(shortName);
  await decoded(edit.getByRole('img', { name: 'Icon', exact: true }));

  const [saved] = await (await apiAs(page)).get<{ iconImageFile: string | null }[]>(
    `/api/facilities?SearchTerm=${shortName}`,
  );
  expect(saved.iconImageFile).toMatch(/^facilities\/.+\.png$/);
});

test('an employee created in the screen signs in with the initial password; the last path follows them', async ({
  page,
  browser,
  baseURL,
}) => {
  const who = { userName: String(800 + (Date.now() % 190)), password: '135790' };
  const lastName = `Hire${RUN}`;
  await page.goto('/employees');
  await page.getByRole('button', { name: 'New Employee' }).click();
  const form = page.getByRole('form', { name: 'New Employee' });
  await form.getByLabel('User Name', { exact: true }).fill(who.userName);
  await form.getByLabel('First Name', { exact: true }).fill('Nora');
  await form.getByLabel('Last Name', { exact: true }).fill(lastName);
  await form.getByLabel('Initial Password', { exact: true }).fill(who.password);
  // A User attribute (spec 2 §3 Attribute name, object name User), picked from its value list.
  await form.getByRole('combobox', { name: 'TechnicianLevel' }).click();
  await page.locator('.ant-select-item-option[title="High"]').click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();

  await page.getByLabel('Search Employees', { exact: true }).fill(lastName);
  await expect(
    page.getByRole('table', { name: 'Employees' }).getByRole('row').filter({ hasText: lastName }),
  ).toHaveCount(1);
  const [created] = await (await apiAs(page)).get<{ attributeValues: { name: string; value: string }[] }[]>(
    `/api/users?SearchTerm=${lastName}`,
  );
  expect(created.attributeValues).toContainEqual(
    expect.objectContaining({ name: 'TechnicianLevel', value: 'High' }),
  );

  // Another browser, the login page, the initial password.
  const first = await browser.newContext({ baseURL });
  const device = await first.newPage();
  await signIn(device, who);
  await expect(device.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
  const saved = device.waitForResponse(
    (r) =>
      r.url().endsWith('/api/users/me/stateNavigation') &&
      r.request().method() === 'PUT' &&
      r.request().postDataJSON()?.lastPath === '/password-change',
  );
  await device.goto('/password-change');
  expect((await saved).status()).toBe(200);
  await first.close();

  // A third device with nothing stored but the sign-in: the root goes where the user left off.
  const token = await apiLogin(page.request, who);
  const second = await browser.newContext({
    baseURL,
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL as string, localStorage: [{ name: TOKEN_KEY, value: token }] }],
    },
  });
  const other = await second.newPage();
  await other.goto('/');
  await expect(other).toHaveURL(/\/password-change$/);
  await second.close();
});
