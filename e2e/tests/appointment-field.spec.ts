import { api, book, historyOf, PNG, repairTechId, soon, stopCard } from './field-helpers';
import {
  apiLogin,
  DEMO,
  expect,
  expectAccessible,
  runtimeComponentStyles,
  test,
  expectToast,
  toast,
} from './fixtures';

/** A JPEG's width and height, from its frame header (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(jpeg: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return undefined;
}

/**
 * The installer in the field and loaner cars (issue #18 items 3-5): the installer's day at 375 px, the
 * offline outbox, the route suggestion, and loaner check-out / check-in.
 */

test.describe('the installer on a phone (375 px)', () => {
  test.use({
    user: DEMO.repairTech,
    viewport: { width: 375, height: 812 },
    geolocation: { latitude: 29.9502, longitude: -95.5005 },
    permissions: ['geolocation'],
  });

  test("today's read and the user's start with the app, the session's lists after the day (issue #34)", async ({
    page,
  }) => {
    const order: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (url.includes('/api/appointments/my-day')) order.push('my-day');
      // The phone shell's day is in the day-code chunk (decision 0038); in the office, its own chunk.
      else if (/\/(my-appointments-page|day-code)-[^/]*\.js$/.test(url)) order.push('page code');
      else if (url.endsWith('/api/self')) order.push('self');
      else if (url.includes('/api/UserTiles/MyTilesInfo')) order.push('session lists');
    });
    await page.goto('/my-appointments');
    await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
    await expect
      .poll(() => ['my-day', 'self', 'page code', 'session lists'].every((r) => order.includes(r)))
      .toBe(true);
    expect(order.indexOf('my-day')).toBeLessThan(order.indexOf('page code'));
    expect(order.indexOf('self')).toBeLessThan(order.indexOf('page code'));
    // The session's other start-up reads wait until the day is drawn (decision 0038): after the page's code.
    expect(order.indexOf('session lists')).toBeGreaterThan(order.indexOf('page code'));
  });

  test('the day field fetches its calendar when reached for, by touch or by keyboard (issue #34)', async ({
    page,
  }) => {
    const pickerCode: string[] = [];
    const days: string[] = [];
    page.on('request', (r) => {
      if (/\/date-fields-[^/]*\.js$/.test(r.url())) pickerCode.push(r.url());
      const date = new URL(r.url()).searchParams.get('date');
      if (r.url().includes('/api/appointments/my-day') && date) days.push(date);
    });
    await page.goto('/my-appointments');
    await expect(page.getByTestId('offline-ready')).toHaveText('Ready offline', { timeout: 30_000 });
    // Drawn and ready offline, the picker's code has not been fetched: the day shows on a button.
    const shown = await page.locator('.date-field-standin').innerText();
    expect(shown).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const standin = page.getByRole('button', { name: `Day: ${shown}` });
    await expect(standin).toBeVisible();
    expect(pickerCode).toEqual([]);

    // A tap opens the calendar with the focus in the field; another day typed there is read.
    await standin.click();
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(1);
    const field = page.getByLabel('Day', { exact: true });
    await expect(field).toBeFocused();
    expect(pickerCode).toHaveLength(1);
    await field.fill('01/05/2027');
    await field.press('Enter');
    await expect.poll(() => days).toContain('2027-01-05');
    await expect(page.getByText('No appointments found for this day')).toBeVisible();

    // From the keyboard: Enter on the button opens the calendar the same way.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
    await standin.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(1);
    await expect(field).toBeFocused();
    await expectAccessible(page, '.ant-picker-dropdown');
  });

  test("the day opens in the phone shell; its menu opens the office's menu (decision 0034)", async ({
    page,
  }) => {
    await page.goto('/my-appointments');
    await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
    // A compact bar: where, who and the menu; none of the office's top bar, footer or messaging.
    const bar = page.getByRole('banner');
    await expect(bar.getByTestId('top-bar-user')).toHaveText('Kevin Price');
    await expect(bar.getByRole('button')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Home' })).toHaveCount(0);
    await expect(page.locator('.app-footer')).toHaveCount(0);
    await expect(page.getByTestId('offline-ready')).toHaveText('Ready offline', { timeout: 30_000 });
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The menu brings the office's: the installer's pages, messages and logout, from the keyboard too.
    await bar.getByRole('button', { name: 'Menu' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Messages' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectAccessible(page, '.ant-drawer');
    await menu.getByRole('button', { name: 'Messages' }).click();
    await expect(page.getByRole('dialog', { name: /Messages/ })).toBeVisible();
    // Behind it the day is still there, now in the office's shell.
    await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
    await expect(page.locator('.app-footer')).toHaveCount(1);
  });

  test("a status tap before the dialog's code could arrive says so, and opens it once it can", async ({
    page,
    context,
    request,
  }) => {
    const admin = await api(request);
    const techId = await repairTechId(request);
    const { invoiceId } = await book(admin, techId, soon(), { latitude: 29.95, longitude: -95.5 });
    // A phone that loses the network between the stops showing and the dialog's code arriving.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/status-dialog-[^/]*\.js$/, async (route) => {
      await held;
      await route.abort('internetdisconnected');
    });
    await page.goto('/my-appointments');
    const card = stopCard(page, invoiceId);
    await expect(card).toBeVisible();
    await context.setOffline(true);
    release();
    await card.getByRole('button', { name: `Arrived: invoice ${invoiceId}` }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'The status update needs the network once' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);

    await context.setOffline(false);
    await page.unroute(/\/status-dialog-[^/]*\.js$/);
    await card.getByRole('button', { name: `Arrived: invoice ${invoiceId}` }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Send Arrived' })).toBeVisible();
  });

  test('marks Arrived with a photo; the update is in the invoice history', async ({ page, request }) => {
    const admin = await api(request);
    const techId = await repairTechId(request);
    const { invoiceId } = await book(admin, techId, soon(), { latitude: 29.95, longitude: -95.5 });
    await page.goto('/my-appointments');
    const card = stopCard(page, invoiceId);
    await expect(card).toBeVisible();
    await expect(card.getByText('Gate code 1234')).toBeVisible();
    await expect(card.getByRole('link', { name: /Navigate to 100 Main St/ })).toHaveAttribute(
      'href',
      /^geo:29\.95,-95\.5/,
    );
    await expectAccessible(page);
    await card.getByRole('button', { name: `Arrived: invoice ${invoiceId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .locator('#status-photos')
      .setInputFiles({ name: 'windshield.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('1 photo')).toBeVisible();
    await expectAccessible(page, '.ant-modal');
    // The day's and the dialog's antd styles come from the phone's two built sheets (vite.config.ts): none of the
    // components on screen computed its styles here (the later sheet's map names the day sheet's too).
    expect(await runtimeComponentStyles(page)).toBeLessThanOrEqual(2);
    await dialog.getByRole('button', { name: 'Send Arrived' }).click();
    await expect(card.locator('.ant-card-head').getByText('Arrived', { exact: true })).toBeVisible();
    await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
    const arrived = await historyOf(admin, invoiceId, 'Appointment Arrived');
    expect(arrived).toHaveLength(1);
    expect(arrived[0].details).toContain('Photos: 1');
    expect(arrived[0].details).toContain('At 29.95020, -95.50050');
  });

  test("a camera's 12 MP photo is sent at 2048 px on its long edge (decision 0037)", async ({
    page,
    request,
  }) => {
    const admin = await api(request);
    const techId = await repairTechId(request);
    const { invoiceId } = await book(admin, techId, soon(), { latitude: 29.94, longitude: -95.51 });
    await page.goto('/my-appointments');
    const card = stopCard(page, invoiceId);
    await expect(card).toBeVisible();
    // A phone camera's photo: 4032 × 3024, a JPEG, made by the browser itself.
    const photo = Buffer.from(
      await page.evaluate(async () => {
        const canvas = new OffscreenCanvas(4032, 3024);
        const ctx = canvas.getContext('2d')!;
        const sky = ctx.createLinearGradient(0, 0, 4032, 3024);
        sky.addColorStop(0, 'rgb(40, 90, 160)');
        sky.addColorStop(1, 'rgb(220, 200, 120)');
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, 4032, 3024);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
        return [...new Uint8Array(await blob.arrayBuffer())];
      }),
    );
    expect(jpegSize(photo)).toEqual({ width: 4032, height: 3024 });
    await card.getByRole('button', { name: `Arrived: invoice ${invoiceId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .locator('#status-photos')
      .setInputFiles({ name: 'windshield.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByRole('button', { name: 'Send Arrived' }).click();
    await expect(card.locator('.ant-card-head').getByText('Arrived', { exact: true })).toBeVisible();
    await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
    // The office's copy of the photo is the phone's shrunk one, upright and whole: 2048 × 1536.
    const images = await admin<{ path: string }[]>('GET', `/api/appointments/images?invoiceId=${invoiceId}`);
    expect(images.body).toHaveLength(1);
    const token = await apiLogin(request, DEMO.admin);
    const stored = await request.get(`/api/files/${images.body[0].path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(stored.status()).toBe(200);
    expect(jpegSize(await stored.body())).toEqual({ width: 2048, height: 1536 });
  });

  test('a status update made offline waits on the phone and is sent once when back online', async ({
    page,
    context,
    request,
  }) => {
    const admin = await api(request);
    const techId = await repairTechId(request);
    const { invoiceId } = await book(admin, techId, soon(), { latitude: 29.96, longitude: -95.49 });
    await page.goto('/my-appointments');
    const card = stopCard(page, invoiceId);
    await expect(card).toBeVisible();
    // The status dialog's code arrives once the day is drawn (decision 0034); the page says when it can go offline.
    await expect(page.getByTestId('offline-ready')).toHaveText('Ready offline', { timeout: 30_000 });
    // The phone's later antd sheet (the dialog's and the toasts' styles) is fetched and kept by the service worker,
    // but not applied until the dialog opens (decision 0041).
    const laterSheet = () =>
      page.evaluate(async () => {
        const url = performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .find((path) => /^\/assets\/phone-later-styles-[^/]*\.css$/.test(path));
        return {
          kept: !!url && !!(await caches.match(url)),
          applied: Array.from(document.styleSheets).some((s) => s.href?.includes('/phone-later-styles-')),
        };
      });
    expect(await laterSheet()).toEqual({ kept: true, applied: false });
    await context.setOffline(true);
    await card.getByRole('button', { name: `Arrived: invoice ${invoiceId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note').fill('Arrived in a dead zone');
    // Applied offline from the kept file: no antd component of the dialog computed its styles.
    expect(await laterSheet()).toEqual({ kept: true, applied: true });
    expect(await runtimeComponentStyles(page)).toBeLessThanOrEqual(2);
    await dialog.getByRole('button', { name: 'Send Arrived' }).click();
    await expect(page.getByText('1 update waiting to be sent')).toBeVisible();
    await expect(card.getByText('Waiting to send')).toBeVisible();
    await expect(page.getByText(`Invoice ${invoiceId}: Arrived`)).toBeVisible();
    // Still waiting after a while offline (nothing was lost, nothing sent).
    await page.waitForTimeout(1500);
    await expect(page.getByText('1 update waiting to be sent')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 20_000 });
    await expect(card.locator('.ant-card-head').getByText('Arrived', { exact: true })).toBeVisible();
    const arrived = await historyOf(admin, invoiceId, 'Appointment Arrived');
    expect(arrived).toHaveLength(1);
    expect(arrived[0].details).toContain('Arrived in a dead zone');
  });

  test('reorders the route by the suggestion and saves it', async ({ page, request }) => {
    const admin = await api(request);
    const techId = await repairTechId(request);
    // Booked far, near, middle: the suggestion goes near → middle → far.
    const first = await book(admin, techId, soon(), { latitude: 30.25, longitude: -95.52 });
    const second = await book(admin, techId, new Date(first.at.getTime() + 40 * 60_000), {
      latitude: 29.945,
      longitude: -95.52,
    });
    await book(admin, techId, new Date(second.at.getTime() + 40 * 60_000), {
      latitude: 30.1,
      longitude: -95.52,
    });
    await page.goto('/my-appointments');
    await page.getByRole('tab', { name: 'Route' }).click();
    const stops = page.getByRole('region', { name: 'Route stops' });
    await expect(stops).toBeVisible();
    await page.getByRole('button', { name: 'Suggest an order' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /Suggested order saves|already the shortest/ }),
    ).toBeVisible();
    const titles = await stops.locator('.ant-list-item-meta-title').allTextContents();
    const shown = titles.map((t) => Number(/Invoice (\d+)/.exec(t)?.[1]));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save route' }).click();
    await expect(toast(page, 'Route saved')).toBeVisible();
    // The first toast's styles: the phone's later sheet, applied before it showed (decision 0041), not computed here.
    expect(
      await page.evaluate(() => ({
        applied: Array.from(document.styleSheets).some((s) => s.href?.includes('/phone-later-styles-')),
        computed: Array.from(document.querySelectorAll('style[data-css-hash]')).some(
          (s) =>
            (s.textContent ?? '').includes(':where(.css-') && (s.textContent ?? '').includes('.ant-message'),
        ),
      })),
    ).toEqual({ applied: true, computed: false });
    const tech = await api(request, DEMO.repairTech);
    const routes = await tech<{ stops: { invoiceId: number }[] }[]>(
      'GET',
      `/api/appointments/route?userId=${techId}`,
    );
    expect(routes.body[0].stops.map((s) => s.invoiceId)).toEqual(shown);
  });
});

test.describe('loaner cars', () => {
  test('checks a loaner out and in; check-in mileage below check-out is refused', async ({
    page,
    request,
  }) => {
    const admin = await api(request);
    const name = `E2E Loaner ${Date.now() % 100000}`;
    const car = await admin<{ id: number }>('POST', '/api/loanerCars', {
      name,
      facilityId: 1,
      loanerCarTypeId: 1,
      licensePlate: 'E2E-42',
      mileage: 900,
    });
    expect(car.status, JSON.stringify(car.body)).toBe(201);
    const leadTechId = (
      await (
        await api(request, DEMO.leadTech)
      )<{ installerId: number }>('GET', '/api/appointments/my-day')
    ).body.installerId;
    const tomorrow = new Date(Date.now() + 86_400_000);
    const { invoiceId } = await book(
      admin,
      leadTechId,
      tomorrow,
      { latitude: 29.95, longitude: -95.5 },
      {
        loanerCarId: car.body.id,
        expectedReturnTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        serviceAppointment: false,
      },
    );
    await page.goto('/loaner-reservations');
    await page.getByLabel('Car', { exact: true }).click();
    await page.keyboard.type(name);
    await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
    const open = page.getByRole('button', { name: `Loaner of invoice ${invoiceId}` });
    await expect(open).toBeVisible();
    await expectAccessible(page);

    await open.click();
    let drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Now' }).first().click();
    await drawer.getByLabel('Mileage out').fill('1000');
    await drawer.getByLabel('Fuel out').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Full' }).click();
    await drawer.getByLabel('Policy').fill('POL-E2E');
    await drawer.getByLabel('Licence number').fill('D7654321');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Loaner usage saved');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Loaner of invoice ${invoiceId}` }) });
    await expect(row.getByText('Out', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Cars out' }).click();
    await expect(page.locator('.ant-card').filter({ hasText: name }).getByText(/since/)).toBeVisible();
    await page.getByRole('tab', { name: 'Reservations' }).click();
    await page.getByLabel('Car', { exact: true }).click();
    await page.keyboard.type(name);
    await page.locator('.ant-select-item-option').filter({ hasText: name }).click();

    await page.getByRole('button', { name: `Loaner of invoice ${invoiceId}` }).click();
    drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Now' }).nth(1).click();
    await drawer.getByLabel('Mileage in').fill('950');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText(/cannot be below the check-out mileage/).first()).toBeVisible();
    await drawer.getByLabel('Mileage in').fill('1120');
    await drawer.getByLabel('Fuel in').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '6/8' }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Loaner usage saved');
    await expect(row.getByText('Returned', { exact: true })).toBeVisible();
    await expect(row.getByText('1000 → 1120')).toBeVisible();
  });
});
