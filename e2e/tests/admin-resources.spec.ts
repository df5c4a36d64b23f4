import type { Page } from '@playwright/test';
import { apiAs, DEMO, expect, expectAccessible, screenTitle, test } from './fixtures';

/** Issue 5: declared admin lists. Names carry a run id so a rerun on the same database still works. */
const RUN = Date.now().toString(36).slice(-5);

interface Case {
  route: string;
  singular: string;
  title: string;
  name: string;
  /** Other required fields of the form, by label. */
  extra?: Record<string, string>;
}

const CASES: Case[] = [
  {
    route: '/brands',
    singular: 'Brand',
    title: 'Brands',
    name: `Brand ${RUN}`,
    extra: { 'Short Name': `B${RUN}` },
  },
  { route: '/materials', singular: 'Material', title: 'Materials', name: `Material ${RUN}` },
  {
    route: '/windshield-accessories',
    singular: 'Windshield Accessory',
    title: 'Windshield Accessories',
    name: `Accessory ${RUN}`,
  },
];

async function save(page: Page, formName: string) {
  const form = page.getByRole('form', { name: formName });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();
}

/** Types in the list's search box and waits for the one row with this name. */
async function find(page: Page, c: Case, name: string) {
  await page.getByLabel(`Search ${c.title}`, { exact: true }).fill(name);
  const table = page.getByRole('table', { name: c.title });
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one match
}

test('create, edit and find a record in Brands, Materials and Windshield Accessories', async ({ page }) => {
  for (const c of CASES) {
    await page.goto(c.route);
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();

    await page.getByRole('button', { name: `New ${c.singular}` }).click();
    const form = page.getByRole('form', { name: `New ${c.singular}` });
    await expect(form).toBeVisible();
    // Validation from the shared schema, before anything is sent.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
    await form.getByLabel('Name', { exact: true }).fill(c.name);
    for (const [label, value] of Object.entries(c.extra ?? {})) {
      await form.getByLabel(label, { exact: true }).fill(value);
    }
    await save(page, `New ${c.singular}`);
    await find(page, c, c.name);

    await page.getByRole('button', { name: `Edit ${c.singular} ${c.name}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${c.singular}` });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(c.name);
    await edit.getByLabel('Name', { exact: true }).fill(`${c.name} edited`);
    await save(page, `Edit ${c.singular}`);
    await find(page, c, `${c.name} edited`);
  }
});

// #15: a reference field and a list filter are the one drop-down (ui/SearchSelect): type to search, Enter.
test('a reference is chosen and filtered by typing, from the keyboard', async ({ page }) => {
  await page.goto('/brands');
  await expect(page.getByRole('table', { name: 'Brands' })).toBeVisible();
  const api = await apiAs(page);
  const parent = `Parent ${RUN}`;
  const child = `Child ${RUN}`;
  await api.post('/api/Brands', { name: parent, shortName: `P${RUN}` });
  await page.reload(); // the Parent pick list is read once per 5 minutes
  await expect(page.getByRole('table', { name: 'Brands' })).toBeVisible();

  await page.getByRole('button', { name: 'New Brand' }).click();
  const form = page.getByRole('form', { name: 'New Brand' });
  await form.getByLabel('Name', { exact: true }).fill(child);
  await form.getByLabel('Short Name', { exact: true }).fill(`C${RUN}`);
  const pick = form.getByRole('combobox', { name: 'Parent' });
  await pick.focus();
  await page.keyboard.type(parent);
  await expect(page.getByRole('option', { name: parent, exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(form.locator('.ant-select').filter({ hasText: parent })).toBeVisible();
  await save(page, 'New Brand');

  const filter = page.getByRole('combobox', { name: 'Parent', exact: true });
  await filter.focus();
  await page.keyboard.type(parent);
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: 'Brands' });
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one child
  await expect(table.getByRole('row').filter({ hasText: child })).toHaveCount(1);
  await expect(page.locator('select, input[type="date"]')).toHaveCount(0);
  await expectAccessible(page);
});

// Spec 2 §1: every admin tile opens a working screen (its list loads; no failure toast).
const SCREENS: [route: string, title: string, table: string][] = [
  ['/brands', 'Brands', 'Brands'],
  ['/clearing-houses', 'Clearing Houses', 'Clearing Houses'],
  ['/insurance-companies', 'Insurance Companies', 'Insurance Companies'],
  ['/vendors', 'Vendors', 'Vendors'],
  ['/vendors-ctd', 'Vendors CTD', 'Vendors CTD'],
  ['/materials', 'Materials', 'Materials'],
  ['/windshield-accessories', 'Windshield Accessories', 'Windshield Accessories'],
  ['/phone-extensions', 'Phone Extensions', 'Phone Extensions'],
  ['/sta-phones', 'STA Phones', 'STA Phones'],
  ['/mailboxes', 'Mailboxes', 'Mailboxes'],
  ['/email-templates', 'Email Templates', 'Email Templates'],
  ['/attributes', 'Attributes', 'Attributes'],
  ['/options', 'Options', 'Options'],
  ['/facilities', 'Facilities', 'Facilities'],
  ['/employees', 'Employees', 'Employees'],
  ['/activity-logs', 'Activity Logs', 'Activity Logs'],
];

test('every admin tile opens a working screen with its list', async ({ page }) => {
  for (const [route, title, table] of SCREENS) {
    await page.goto(route);
    await expect(page).toHaveTitle(screenTitle(title));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('table', { name: table }).first(), route).toBeVisible();
    await expect(page.getByText(/^Failed to/), route).toHaveCount(0);
  }
  // Options also holds the disposition and lost reasons.
  await page.goto('/options');
  for (const tab of ['Disposition Reasons', 'Lost Reasons']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('table', { name: tab })).toBeVisible();
  }
});

test('a resource screen is accessible on the desktop and at 375 px', async ({ page }) => {
  await page.goto('/brands');
  await expect(page.getByRole('table', { name: 'Brands' })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  // Under 900 px the rows are cards (ui/DataTable), not a table that scrolls sideways.
  const cards = page.getByRole('region', { name: 'Brands' });
  await expect(cards.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Brands' })).toHaveCount(0);
  await expect(page.getByLabel('Search Brands', { exact: true })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});

test.describe('as a Reviewer', () => {
  test.use({ user: DEMO.reviewer });

  test('sees the lists but no create or edit buttons, and the server refuses the write', async ({ page }) => {
    for (const [route, singular, table] of [
      ['/brands', 'Brand', 'Brands'],
      ['/facilities', 'Facility', 'Facilities'],
      ['/employees', 'Employee', 'Employees'],
    ]) {
      await page.goto(route);
      await expect(page.getByRole('table', { name: table })).toBeVisible();
      await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
      await expect(page.getByRole('button', { name: `New ${singular}` })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    }
    const { token } = await apiAs(page);
    const headers = { Authorization: `Bearer ${token}` };
    const post = await page.request.post('/api/Brands', { headers, data: { name: 'Nope', shortName: 'NO' } });
    expect(post.status()).toBe(403);
    const put = await page.request.put('/api/Brands/1', { headers, data: { name: 'Nope', shortName: 'NO' } });
    expect(put.status()).toBe(403);
  });
});
