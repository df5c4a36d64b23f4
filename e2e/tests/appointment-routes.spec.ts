import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  DEMO,
  expect,
  expectAccessible,
  settleAnimations,
  test,
  expectToast,
  type Who,
} from './fixtures';

/**
 * The office's route view (/appointment-routes, issue #18 item 4): an admin assistant opens a seeded
 * installer's day, reorders it by the suggestion, saves, reloads and sees the saved order; axe, the
 * keyboard move buttons, and the 375 px layout (list below the map, nothing wider than the screen).
 */

let ro = 0;

async function api(request: APIRequestContext, who: Who = DEMO.admin) {
  const token = await apiLogin(request, who);
  const headers = { Authorization: `Bearer ${token}` };
  return async <T>(method: 'GET' | 'POST', path: string, data?: unknown) => {
    const res = await request.fetch(path, { method, headers, data });
    const text = await res.text();
    return { status: res.status(), body: (text ? JSON.parse(text) : undefined) as T };
  };
}
type Call = Awaited<ReturnType<typeof api>>;

async function newInvoice(call: Call): Promise<number> {
  const sv = await call<{ id: number }>('POST', '/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Honda', model: 'Accord', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2ERT${Date.now() % 1_000_000}${++ro}`, statusId: 3 },
    customer: {
      firstName: 'Rita',
      lastName: `Routecase${ro}`,
      contact: { primaryPhone: { phone: '(713) 555-0188', phoneTypeId: 2 } },
    },
  });
  expect(sv.status, JSON.stringify(sv.body)).toBe(201);
  const inv = await call<{ invoiceId: number }>(
    'POST',
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.body.id}`,
  );
  expect(inv.status).toBe(201);
  return inv.body.invoiceId;
}

/** A visit for the installer at the wall-clock time `at` of facility 1, at `latitude` north of the shop. */
async function book(call: Call, installerId: number, at: string, latitude: number) {
  const invoiceId = await newInvoice(call);
  const res = await call('POST', '/api/appointmentsSchedule/save', {
    scheduleInvoiceId: invoiceId,
    partTypeId: 1,
    installerId,
    appointmentDateTime: at,
    serviceAddress: `${invoiceId} Route Rd`,
    city: 'Houston',
    state: 'TX',
    zip: '77064',
    serviceAppointment: true,
    timeAllowed: 15,
    latitude,
    longitude: -95.546631,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return invoiceId;
}

/** A day far enough ahead that the seed booked nothing for it ('YYYY-MM-DD'). */
function freeDay(daysAhead: number) {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

const shownInvoices = async (list: ReturnType<Page['getByRole']>) =>
  (await list.locator('.ant-list-item-meta-title').allTextContents()).map((t) =>
    Number(/Invoice (\d+)/.exec(t)?.[1]),
  );

test.describe('the office route view', () => {
  test.use({ user: DEMO.adminAssistant, viewport: { width: 1280, height: 900 } });

  test('reorders a day by the suggestion, saves it, and the order is there after a reload', async ({
    page,
    request,
  }, testInfo) => {
    const admin = await api(request);
    // Luis Ortega (103), a seeded installer of facility 1 (Willowbrook, 29.9607 N).
    const installers = (await admin<{ id: number; firstName: string }[]>('GET', '/api/users/installers'))
      .body;
    const lead = installers.find((u) => u.firstName === 'Luis') as { id: number };
    expect(lead).toBeTruthy();
    const day = freeDay(70 + (Date.now() % 200));
    // Booked far, near, middle (by time); the shortest order that keeps the times is near → middle → far.
    const far = await book(admin, lead.id, `${day}T09:00`, 30.17);
    const near = await book(admin, lead.id, `${day}T09:30`, 29.97);
    const middle = await book(admin, lead.id, `${day}T10:00`, 30.07);

    // From the calendar: the Routes button opens the route view.
    await page.goto('/appointments');
    await page.getByRole('button', { name: 'Routes' }).click();
    await expect(page).toHaveURL(/\/appointment-routes\?date=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment Routes' })).toBeVisible();

    await page.goto(`/appointment-routes?date=${day}&installerId=${lead.id}`);
    const list = page.getByRole('region', { name: /^Route stops of Luis Ortega/ });
    await expect(list).toBeVisible();
    await expect(page.getByRole('region', { name: /^Route map of Luis Ortega/ })).toBeVisible();
    expect(await shownInvoices(list)).toEqual([far, near, middle]);
    // Three numbered pins, joined by a line.
    await expect(page.locator('.route-pin')).toHaveText(['1', '2', '3']);
    await expect(page.locator('path.route-line')).toHaveCount(1);
    await expect(page.getByText(/ETA \d{2}:\d{2} [AP]M/).first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Suggest an order' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Suggested order saves \d+\.\d km$/ }),
    ).toBeVisible();
    expect(await shownInvoices(list)).toEqual([near, middle, far]);
    await expect(page.getByText('Not saved')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('routes-1280.png'), fullPage: true });

    // The keyboard way: move the first stop down and back up again (announced to screen readers).
    await page.getByRole('button', { name: `Move invoice ${near} down` }).focus();
    await page.keyboard.press('Enter');
    expect(await shownInvoices(list)).toEqual([middle, near, far]);
    await expect(list.getByRole('status')).toHaveText(`Stop invoice ${near} moved to position 2 of 3.`);
    await page.getByRole('button', { name: `Move invoice ${near} up` }).click();
    expect(await shownInvoices(list)).toEqual([near, middle, far]);

    await page.getByRole('button', { name: 'Save route' }).click();
    await expectToast(page, 'Route saved');
    await expect(page.getByText('Not saved')).toHaveCount(0);
    await page.reload();
    await expect(list).toBeVisible();
    expect(await shownInvoices(list)).toEqual([near, middle, far]);
    const saved = await admin<{ stops: { invoiceId: number }[] }[]>(
      'GET',
      `/api/appointments/route?userId=${lead.id}&startDate=${day}`,
    );
    expect(saved.body[0].stops.map((s) => s.invoiceId)).toEqual([near, middle, far]);

    // At 375 px the list comes below the map and nothing is wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    const map = await page.getByRole('region', { name: /^Route map of/ }).boundingBox();
    const stops = await list.boundingBox();
    expect(map && stops && stops.y >= map.y + map.height).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settleAnimations(page);
    await page.screenshot({ path: testInfo.outputPath('routes-375-map.png') });
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('routes-375-list.png') });
    await expectAccessible(page);
  });

  test('follows live when another user moves a stop away', async ({ page, request }) => {
    const admin = await api(request);
    const installers = (await admin<{ id: number; firstName: string }[]>('GET', '/api/users/installers'))
      .body;
    const lead = installers.find((u) => u.firstName === 'Luis') as { id: number };
    const other = installers.find((u) => u.id !== lead.id) as { id: number };
    const day = freeDay(300 + (Date.now() % 50));
    const a = await book(admin, lead.id, `${day}T09:00`, 30.0);
    const b = await book(admin, lead.id, `${day}T10:00`, 30.05);
    await page.goto(`/appointment-routes?date=${day}&installerId=${lead.id}`);
    const list = page.getByRole('region', { name: /^Route stops of/ });
    await expect(list).toBeVisible();
    expect(await shownInvoices(list)).toEqual([a, b]);
    // Live updates arrive over the real-time connection: wait until it is up.
    await expect(page.getByRole('status', { name: /Real-time connection: connected/ })).toBeVisible({
      timeout: 15_000,
    });
    // The office elsewhere gives the first visit to another installer: it leaves this route without a reload.
    const moved = await admin('POST', '/api/appointmentsSchedule/save', {
      scheduleInvoiceId: a,
      partTypeId: 1,
      installerId: other.id,
      appointmentDateTime: `${day}T09:00`,
      serviceAppointment: true,
      serviceAddress: `${a} Route Rd`,
      timeAllowed: 15,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expect.poll(() => shownInvoices(list)).toEqual([b]);
  });
});

test.describe('the route view on a touch screen', () => {
  test.use({ user: DEMO.adminAssistant, viewport: { width: 375, height: 812 }, hasTouch: true });

  test('a finger drags a stop by its handle to another place in the list', async ({ page, request }) => {
    const admin = await api(request);
    const installers = (await admin<{ id: number; firstName: string }[]>('GET', '/api/users/installers'))
      .body;
    const lead = installers.find((u) => u.firstName === 'Luis') as { id: number };
    const day = freeDay(400 + (Date.now() % 50));
    const a = await book(admin, lead.id, `${day}T09:00`, 30.0);
    const b = await book(admin, lead.id, `${day}T10:00`, 30.05);
    const c = await book(admin, lead.id, `${day}T11:00`, 30.1);
    await page.goto(`/appointment-routes?date=${day}&installerId=${lead.id}`);
    const list = page.getByRole('region', { name: /^Route stops of/ });
    await expect(list).toBeVisible();
    expect(await shownInvoices(list)).toEqual([a, b, c]);
    await list.scrollIntoViewIfNeeded();

    // Real touch input (Chromium turns it into pointer events of type touch): press the first stop's handle,
    // move the finger onto the last stop, lift it.
    const handle = await list.getByTestId('route-stop-handle').first().boundingBox();
    const last = await list.getByTestId('route-stop').last().boundingBox();
    if (!handle || !last) throw new Error('the stops are not laid out');
    const from = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    const to = { x: from.x, y: last.y + last.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
    await touch('touchStart', from);
    for (let k = 1; k <= 5; k++)
      await touch('touchMove', { x: from.x, y: from.y + ((to.y - from.y) * k) / 5 });
    await touch('touchEnd');

    expect(await shownInvoices(list)).toEqual([b, c, a]);
    await expect(list.getByRole('status')).toHaveText(`Stop invoice ${a} moved to position 3 of 3.`);
    await expect(page.getByText('Not saved')).toBeVisible();
    // Nothing wider than the phone's screen with the handles shown.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
