import { chromium } from '@playwright/test';
import { api, book, historyOf, PNG, repairTechId, soon, stopCard } from './field-helpers';
import { DEMO, expect, signIn, test } from './fixtures';

/**
 * The installer's day offline across a reload and a browser restart (issue #34 item 3): the same profile (a
 * persistent context on one user-data directory, as a phone keeps it), the network cut, the page reloaded and
 * the browser restarted; a status with a photo queued meanwhile reaches the office exactly once when the network
 * returns; signing out removes the day kept on the phone.
 */
test('the day, its stops and a queued photo survive a reload and a browser restart offline', async ({
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const admin = await api(request);
  const techId = await repairTechId(request);
  const { invoiceId } = await book(admin, techId, soon(), { latitude: 29.97, longitude: -95.48 });
  // A full day: twelve stops of this installer at least (the offline copy's size is measured on it).
  for (let k = 0; k < 11; k++)
    await book(admin, techId, soon(), { latitude: 29.9 + k / 100, longitude: -95.4 });

  const profile = testInfo.outputPath('phone-profile');
  const launch = (offline: boolean) =>
    chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage'],
      headless: true,
      baseURL,
      offline,
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      timezoneId: 'America/Chicago',
    });

  let phone = await launch(false);
  let page = phone.pages()[0] ?? (await phone.newPage());
  await signIn(page, DEMO.repairTech);
  await page.goto('/my-appointments');
  let card = stopCard(page, invoiceId);
  await expect(card).toBeVisible();
  // The field worker has kept the app's shell and this screen's files, and the day is kept on the phone.
  await expect(page.getByTestId('offline-ready')).toHaveText('Ready offline', { timeout: 30_000 });
  // What the phone keeps for the day (bench/RESULTS.md records it): the day's JSON, and all the origin stores.
  const size = await page.evaluate(async () => {
    const day = await new Promise<string>((resolve) => {
      const req = indexedDB.open('glass-field');
      req.onsuccess = () => {
        const all = req.result.transaction('day').objectStore('day').getAll();
        all.onsuccess = () => resolve(JSON.stringify(all.result));
      };
    });
    const { usage } = await navigator.storage.estimate();
    return { stops: JSON.parse(day)[0]?.day?.stops?.length ?? 0, dayBytes: day.length, usage: usage ?? 0 };
  });
  testInfo.annotations.push({ type: 'offline size', description: JSON.stringify(size) });
  console.log(`offline copy: ${JSON.stringify(size)}`);
  expect(size.stops).toBeGreaterThanOrEqual(12);
  expect(size.dayBytes).toBeLessThan(100_000);

  // A dead zone: the page is reloaded without a network and still shows the day from the phone.
  await phone.setOffline(true);
  await page.reload();
  card = stopCard(page, invoiceId);
  await expect(card).toBeVisible();
  await expect(card.getByText('Gate code 1234')).toBeVisible();
  await expect(card.getByRole('link', { name: /Navigate to 100 Main St/ })).toBeVisible();
  await expect(page.getByText(/Offline copy of/)).toBeVisible();

  // Arrived with a photo, queued on the phone.
  await card.getByRole('button', { name: `Arrived: invoice ${invoiceId}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('#status-photos')
    .setInputFiles({ name: 'windshield.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByLabel('Note').fill('Arrived with no signal');
  await dialog.getByRole('button', { name: 'Send Arrived' }).click();
  await expect(page.getByText('1 update waiting to be sent')).toBeVisible();

  // The phone kills the browser; it is started again, still without a network, long after the session was read.
  await page.evaluate(() => {
    const entry = JSON.parse(localStorage.getItem('sessionState') ?? '{}');
    localStorage.setItem('sessionState', JSON.stringify({ ...entry, savedAt: entry.savedAt - 3_600_000 }));
  });
  await phone.close();
  phone = await launch(true);
  page = phone.pages()[0] ?? (await phone.newPage());
  await page.goto('/my-appointments');
  card = stopCard(page, invoiceId);
  await expect(card).toBeVisible();
  await expect(page.getByText('1 update waiting to be sent')).toBeVisible();
  await expect(page.getByText(/1 photo/)).toBeVisible();

  // The network returns: the update is sent, once, with its photo and note.
  await phone.setOffline(false);
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 30_000 });
  await expect(card.locator('.ant-card-head').getByText('Arrived', { exact: true })).toBeVisible();
  const arrived = await historyOf(admin, invoiceId, 'Appointment Arrived');
  expect(arrived).toHaveLength(1);
  expect(arrived[0].details).toContain('Arrived with no signal');
  expect(arrived[0].details).toContain('Photos: 1');
  await page.reload();
  await page.waitForTimeout(1000);
  expect(await historyOf(admin, invoiceId, 'Appointment Arrived')).toHaveLength(1);

  // Signing out removes the day kept on the phone (customers' addresses and phones).
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('menuitem', { name: 'Logout' })
    .or(page.getByRole('button', { name: 'Logout' }))
    .click();
  await expect(page).toHaveURL(/login/);
  const kept = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('glass-field');
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('day')) return resolve(0);
          const count = db.transaction('day').objectStore('day').count();
          count.onsuccess = () => resolve(count.result);
        };
        req.onerror = () => resolve(-1);
      }),
  );
  expect(kept).toBe(0);
  await phone.close();
});

test.describe('an update queued offline for a stop the office changed', () => {
  test.use({ user: DEMO.repairTech, viewport: { width: 375, height: 812 } });

  test('is shown as a conflict with the office change, not applied', async ({ page, context, request }) => {
    const admin = await api(request);
    const techId = await repairTechId(request);
    const { invoiceId } = await book(admin, techId, soon(), { latitude: 29.98, longitude: -95.47 });
    await page.goto('/my-appointments');
    const card = stopCard(page, invoiceId);
    await expect(card).toBeVisible();
    // The status dialog's code arrives once the day is drawn (decision 0034); the page says when it can go offline.
    await expect(page.getByTestId('offline-ready')).toHaveText('Ready offline', { timeout: 30_000 });

    await context.setOffline(true);
    await card.getByRole('button', { name: `Arrived: invoice ${invoiceId}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send Arrived' }).click();
    // Worked on offline: the stop shows where the queued update leads and what may follow it.
    await expect(card.getByText('Waiting to send')).toBeVisible();
    await expect(card.locator('.ant-card-head').getByText('Arrived', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Completed: invoice ${invoiceId}` })).toBeVisible();

    // Meanwhile the office cancels the visit.
    const cancelled = await admin('POST', '/api/appointments/status', {
      InvoiceId: invoiceId,
      PartTypeId: 1,
      StatusId: 5,
      Note: 'Customer called to cancel',
    });
    expect(cancelled.status).toBe(200);

    await context.setOffline(false);
    const conflict = page
      .getByRole('alert')
      .filter({ hasText: `Changed by the office: Invoice ${invoiceId}: Arrived` });
    await expect(conflict).toBeVisible({ timeout: 30_000 });
    await expect(conflict).toContainText('is now Cancelled; this update was not applied.');
    await expect(card.locator('.ant-card-head').getByText('Cancelled', { exact: true })).toBeVisible();
    expect(await historyOf(admin, invoiceId, 'Appointment Arrived')).toHaveLength(0);
  });
});
