import { expect as baseExpect, test as baseTest, type Page } from '@playwright/test';
import { apiAs, DEMO, expect, expectAccessible, test, toast } from './fixtures';

/** Tiles as laid out: name and box, in DOM (= tile editor) order. */
async function tileBoxes(page: Page) {
  const links = page.getByRole('navigation', { name: 'Tiles' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return { name: n.textContent ?? '', x: Math.round(r.x), y: Math.round(r.y), w: r.width, h: r.height };
    }),
  );
}

test.describe('role-aware navigation (#15 item 2)', () => {
  test.use({ user: DEMO.repairTech });

  test('a Repair Technician opening /employees by URL is told they have no access, and gets home', async ({
    page,
  }) => {
    await page.goto('/employees');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(toast(page, 'Failed to get employees')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('main').getByRole('button', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/new-home$/);
    // Any spelling the router accepts is refused the same way.
    await page.goto('/Activity-Logs/');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    // A screen the role may open still opens.
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toHaveCount(0);
  });

  test('the home and the tile editor offer only the tiles the role may open', async ({ page }) => {
    await page.goto('/new-home');
    const tiles = page.getByRole('navigation', { name: 'Tiles' });
    await expect(tiles.getByRole('link').first()).toBeVisible();
    for (const name of ['Employees', 'Activity Logs', 'Facilities', 'New Service Vehicle']) {
      await expect(tiles.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Edit tiles' }).click();
    const editor = page.getByRole('region', { name: 'Edit tiles' });
    await expect(editor.getByRole('switch', { name: 'Invoices: Shown' })).toBeVisible();
    for (const name of ['Employees', 'Activity Logs', 'Options', 'Reports']) {
      await expect(editor.getByRole('switch', { name: `${name}: Shown` })).toHaveCount(0);
    }
  });
});

test('an unknown record shows the record not-found page with the way back', async ({ page }) => {
  await page.goto('/invoices/999999999');
  await expect(
    page.getByRole('heading', { name: 'Invoice 999999999 not found or missing service vehicle' }),
  ).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

baseTest.describe('login page (#15 item 3)', () => {
  baseTest('shows the product name and mark; the card does not move while signing in', async ({ page }) => {
    await page.goto('/login');
    await baseExpect(page.getByText('Glass Shop', { exact: true })).toBeVisible();
    await baseExpect(page.locator('.login-brand svg')).toBeVisible();
    await expectAccessible(page);
    const panel = page.locator('.login-panel');
    const before = await panel.boundingBox();
    const buttonBefore = await page.getByRole('button', { name: 'Login' }).boundingBox();
    // Hold the login answer so the spinner stays up while we measure.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel(/user ?name/i).pressSequentially(DEMO.admin.userName);
    await page.getByLabel(/password/i).pressSequentially(DEMO.admin.password);
    await baseExpect(page.getByRole('status').filter({ hasText: 'Signing in' })).toBeVisible();
    baseExpect(await panel.boundingBox()).toEqual(before);
    baseExpect(await page.getByRole('button', { name: /Login/ }).boundingBox()).toEqual(buttonBefore);
    release();
    await page.waitForURL(/\/new-home$/);
  });

  baseTest(
    'a locked account is told it is locked and for how long; a wrong PIN keeps the spec text',
    async ({ page, request }) => {
      // A user name of its own (no account needed: attempts count per name), locked by 5 failures.
      const userName = '998';
      for (let i = 0; i < 5; i++) {
        const res = await request.post('/api/login', { data: { userName, password: '000000', tzo: 300 } });
        baseExpect(res.status()).toBe(401);
      }
      await page.goto('/login');
      await page.getByLabel(/user ?name/i).pressSequentially(userName);
      await page.getByLabel(/password/i).pressSequentially('000000');
      const alert = page.getByRole('alert').filter({ hasText: 'This account is locked' });
      await baseExpect(alert).toBeVisible();
      await baseExpect(alert).toContainText(/Try again in 1[45] minutes \(at .+\)/);
      await baseExpect(toast(page, 'Failed to login! Check your user name or password!')).toHaveCount(0);
      await expectAccessible(page);
    },
  );
});

test.describe('home at 375 px (#15 item 4)', () => {
  test('compact tiles, at least two per row, in the tile editor order', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/new-home');
    const boxes = await tileBoxes(page);
    baseExpect(boxes.length).toBeGreaterThan(4);
    // Two per row: the first two tiles share a row.
    baseExpect(boxes[1].y).toBe(boxes[0].y);
    baseExpect(boxes[1].x).toBeGreaterThan(boxes[0].x);
    for (const box of boxes) {
      baseExpect(box.h).toBeLessThanOrEqual(80);
      baseExpect(box.w).toBeLessThan(200);
    }
    // Reading order (row by row, left to right) is the DOM order, which is the editor's order.
    const reading = [...boxes].sort((a, b) => a.y - b.y || a.x - b.x).map((b) => b.name);
    baseExpect(reading).toEqual(boxes.map((b) => b.name));
    baseExpect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });

  test('on a desktop too, small tiles keep their place in the order', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/new-home');
    const boxes = await tileBoxes(page);
    const reading = [...boxes].sort((a, b) => a.y - b.y || a.x - b.x).map((b) => b.name);
    baseExpect(reading).toEqual(boxes.map((b) => b.name));
  });
});

test('View PDF opens invoice-{id}.pdf at a signed link, without the token in the URL (#15 item 5)', async ({
  page,
}) => {
  await page.goto('/new-home');
  const api = await apiAs(page);
  const list = await api.get<{ value: { id: number }[] }>('/api/Invoices?$top=1');
  const id = list.value[0].id;
  await page.goto(`/invoices/${id}`);
  const pdfResponse = page
    .context()
    .waitForEvent(
      'response',
      (r) => new URL(r.url()).pathname === `/api/Invoices/${id}/pdf/invoice-${id}.pdf`,
    );
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'View PDF' }).click(),
  ]);
  const pdf = await pdfResponse;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.headers()['content-disposition']).toBe(`inline; filename="invoice-${id}.pdf"`);
  const url = new URL(pdf.url());
  expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
  expect(pdf.url()).not.toContain(api.token);
  expect(pdf.request().headers().authorization).toBeUndefined();
  await popup.close();
});
