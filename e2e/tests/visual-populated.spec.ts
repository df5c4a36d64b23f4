import type { Browser, Page } from '@playwright/test';
import { apiAs, DEMO, expect, signIn, test } from './fixtures';
import { expectScreen, RECORDING, replay } from './visual';

/*
 * Visual comparisons of screens with rows in them (#32 item 6): the lists at 1280 px, and the installer's day
 * and the customer's public pages at 375 px. Their answers are served from recordings
 * (visual-recordings/*.json, made from the demo data with VISUAL_RECORD=1 and reviewed), so the rows are the
 * same whatever other specs wrote and whenever the suite runs; the clock's marks are masked as in
 * visual-screens.spec.ts. A screen that starts asking for something new fails until it is recorded again:
 *   VISUAL_RECORD=1 npx playwright test -c e2e/playwright.config.ts visual-populated --update-snapshots
 */

const PHONE = { width: 375, height: 812 };

test.describe('lists with rows at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // My Service Vehicles as the lead technician: the demo's system admin has no vehicles of their own. The
  // recordings are keyed by path, so the All tab's answer is what both of its requests are answered.
  for (const [path, title, name, pattern, user] of [
    ['/invoices', 'Invoices', 'invoices-rows', /\/api\/Invoices(\/summary)?(\?|$)/, DEMO.admin],
    [
      '/service-vehicles',
      'Service Vehicles',
      'service-vehicles-rows',
      /\/api\/ServiceVehicles(\?|$)/,
      DEMO.admin,
    ],
    [
      '/my-service-vehicles',
      'My Service Vehicles',
      'my-service-vehicles-rows',
      /\/api\/listMyServiceVehicles(\?|$)/,
      DEMO.leadTech,
    ],
    ['/employees', 'Employees', 'employees-rows', /\/api\/users(\?|$)/, DEMO.admin],
    ['/facilities', 'Facilities', 'facilities-rows', /\/api\/facilities(\?|$)/, DEMO.admin],
  ] as const) {
    test.describe(() => {
      test.use({ user });
      test(name, async ({ page }) => {
        const recording = await replay(page, name, pattern);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        // My Service Vehicles on its All tab: the lead technician has one active vehicle, more in all.
        if (name === 'my-service-vehicles-rows') await page.getByRole('tab', { name: 'All' }).click();
        await expect(
          page.locator('.sv-row, .gs-card, tbody .gs-table-row, .ant-table-row').nth(1),
        ).toBeVisible();
        await expectScreen(page, name);
        recording.done(path);
      });
    });
  }
});

test.describe('the installer on a phone (375 px)', () => {
  test.use({
    user: DEMO.repairTech,
    viewport: PHONE,
    geolocation: { latitude: 29.9502, longitude: -95.5005 },
    permissions: ['geolocation'],
    // No field worker: its "Ready offline" would appear whenever it finishes (installer-offline.spec.ts tests it).
    serviceWorkers: 'block',
  });

  test('my-appointments-375', async ({ page }) => {
    const recording = await replay(page, 'my-appointments-375', /\/api\/appointments\/my-day(\?|$)/);
    if (RECORDING) await bookTheDay(page);
    await page.goto('/my-appointments');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectScreen(page, 'my-appointments-375');
    recording.done('/my-appointments');
  });
});

test.describe("the customer's pages on a phone (375 px)", () => {
  for (const kind of ['approval', 'initiate', 'opt-in'] as const) {
    test(`${kind}-375`, async ({ page, browser, baseURL }) => {
      const phone = await customerPhone(browser, baseURL);
      const recording = await replay(phone, `${kind}-375`, /\/api\/public\//);
      const path = RECORDING ? (await customerLinks(page))[kind] : recording.page;
      await phone.goto(path);
      await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(phone.getByText('This link is no longer valid')).toHaveCount(0);
      await expectScreen(phone, `${kind}-375`);
      recording.done(path);
      await phone.context().close();
    });
  }

  test('invalid-link-375', async ({ browser, baseURL }) => {
    const phone = await customerPhone(browser, baseURL);
    await phone.goto('/sign-approval/0b0c2a4e-5d6f-4a8b-9c0d-1e2f3a4b5c6d');
    await expect(phone.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
    await expectScreen(phone, 'invalid-link-375');
    await phone.context().close();
  });
});

/** A customer's phone: a context of its own (no staff session). */
async function customerPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ viewport: PHONE, baseURL });
  return context.newPage();
}

/** Recording only: a fresh invoice's three customer links (approval and opt-in texted, the signed initiate link). */
async function customerLinks(page: Page) {
  await page.goto('/new-home');
  const api = await apiAs(page);
  const invoiceId = await newInvoice(page);
  await api.post('/api/customerApprovals/requestApprovalSms', { invoiceId, phoneNumber: '(713) 555-0186' });
  const outbox = await api.get<{ value: Array<{ body: string; recordId: number | null }> }>(
    '/api/notify/outbox?channel=sms&$top=20',
  );
  const texts = outbox.value.filter((m) => m.recordId === invoiceId).map((m) => m.body);
  const pathIn = (re: RegExp) => new URL(re.exec(texts.join(' '))?.[0] ?? 'http://x/missing').pathname;
  const initiate = await api.post<{ url: string }>('/api/customerApprovals/initiateLink', { invoiceId });
  const link = new URL(initiate.url);
  return {
    approval: pathIn(/https?:\/\/\S+\/sign-approval\/[0-9a-f-]{36}/),
    'opt-in': pathIn(/https?:\/\/\S+\/customer-opt-in\/[\w-]+/),
    initiate: `${link.pathname}${link.search}`,
  };
}

/** Recording only: a new invoice of its own with a customer whose consent is unknown. */
async function newInvoice(page: Page): Promise<number> {
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Toyota', model: 'Camry', sourceId: 1 },
    repairOrder: { repairOrderNumber: `VIS${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Dana',
      lastName: 'Approves',
      contact: { primaryPhone: { phone: '(713) 555-0186', phoneTypeId: 2 } },
    },
  });
  const inv = await api.post<{ invoiceId: number }>(`/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`);
  return inv.invoiceId;
}

/** Recording only: two visits on the repair technician's day, so the recorded day has stops. */
async function bookTheDay(page: Page) {
  await page.goto('/new-home');
  const tech = await apiAs(page);
  const { installerId } = await tech.get<{ installerId: number }>('/api/appointments/my-day');
  expect(installerId).toBeTruthy();
  // The booking itself needs a scheduler's rights: the admin books through the schedule save.
  const admin = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (!admin) throw new Error('no browser');
  const adminPage = await admin.newPage();
  await signIn(adminPage, DEMO.admin);
  const api = await apiAs(adminPage);
  let at = Date.now() + 60_000;
  for (const [street, latitude, longitude] of [
    ['100 Main St', 29.76, -95.37],
    ['2400 Westheimer Rd', 29.742, -95.41],
  ] as const) {
    const invoiceId = await newInvoice(adminPage);
    for (let tries = 0; tries < 30; tries++, at += 40 * 60_000) {
      const res = await adminPage.request.post('/api/appointmentsSchedule/save', {
        headers: { Authorization: `Bearer ${api.token}` },
        data: {
          scheduleInvoiceId: invoiceId,
          partTypeId: 1,
          installerId,
          appointmentDateTime: new Date(at).toISOString(),
          serviceAddress: street,
          city: 'Houston',
          state: 'TX',
          zip: '77001',
          phone1: '7135550186',
          phone1AllowText: true,
          serviceAppointment: true,
          timeAllowed: 30,
          latitude,
          longitude,
        },
      });
      if (res.ok()) break;
    }
    at += 40 * 60_000;
  }
  await admin.close();
}
