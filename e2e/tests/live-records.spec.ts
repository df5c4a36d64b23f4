import { api, book, PNG, repairTechId, soon, stopCard } from './field-helpers';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures';

/**
 * Every record page live (issue #34 items 2 and 7): a change by someone else rereads the page, says who changed
 * what, and keeps what the viewer is typing; the office calendar recolours a visit the moment the installer
 * marks it Arrived on the phone (two browsers).
 */

// The office works in the facility's time zone, so "today" on the calendar is the visit's day at any hour.
test.use({ timezoneId: 'America/Chicago' });

test('the invoice page says "Kevin Price marked Arrived" and keeps what the viewer is typing', async ({
  page,
  request,
}) => {
  const admin = await api(request);
  const techId = await repairTechId(request);
  const { invoiceId } = await book(admin, techId, soon(), { latitude: 29.95, longitude: -95.5 });
  await page.goto(`/invoices/${invoiceId}`);
  const claim = page.getByLabel('Claim number');
  await claim.fill('CLM-typing-in-progress');
  await expect(page.locator('article[data-live="on"]')).toBeVisible();

  const tech = await api(request, DEMO.repairTech);
  const sent = await tech('POST', '/api/appointments/status', {
    InvoiceId: invoiceId,
    PartTypeId: 1,
    StatusId: 2,
  });
  expect(sent.status).toBeLessThan(300);

  const notice = page.getByTestId('record-change-notice');
  await expect(notice).toContainText('Kevin Price marked Arrived');
  // The page read the invoice again: the history lists the change without a reload.
  await expect(page.getByText('Appointment Arrived').first()).toBeVisible();
  await expect(claim).toHaveValue('CLM-typing-in-progress');
  await expectAccessible(page);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);

  // The viewer's own change rereads the page but needs no notice.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(notice).toHaveCount(0);
});

test('the service vehicle page rereads a change made by someone else and names them', async ({
  page,
  request,
}) => {
  const manager = await api(request, DEMO.manager);
  const sv = await manager<{ id: number }>('POST', '/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Honda', model: 'Accord', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2ELIVE${Date.now() % 1_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Lena',
      lastName: 'Livecase',
      contact: { primaryPhone: { phone: '(713) 555-0166', phoneTypeId: 2 } },
    },
  });
  expect(sv.status).toBe(201);
  await page.goto(`/service-vehicles/${sv.body.id}`);
  // The page follows the record once the server confirmed it (a change before that is read, not announced).
  await expect(page.locator('article[data-live="on"]')).toBeVisible();
  const up = page.getByRole('button', { name: /thumbs up/i });
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  expect(
    (await manager('POST', `/api/ServiceVehicle/${sv.body.id}/thumb`, { thumb: 1 })).status,
  ).toBeLessThan(300);
  await expect(page.getByTestId('record-change-notice')).toContainText(/^.+: Thumbs up/);
  await expect(up).toHaveAttribute('aria-pressed', 'true');
});

test('the office calendar turns a visit to Arrived when the installer marks it on the phone', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const admin = await api(request);
  const techId = await repairTechId(request);
  const { invoiceId } = await book(admin, techId, soon(), { latitude: 29.95, longitude: -95.5 });

  await page.goto('/appointments');
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  // The first piece of the visit's event (a busy day's grid may cut it); brought into view, as a person scrolls.
  const event = page.locator('.rbc-event', { hasText: `#${invoiceId}` }).first();
  await expect(event).toBeAttached();
  await event.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const colour = () => event.evaluate((el) => getComputedStyle(el).backgroundColor);
  const scheduled = await colour();

  // The installer, in a browser of his own, on a phone.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    timezoneId: 'America/Chicago',
  });
  const installer = await phone.newPage();
  await signIn(installer, DEMO.repairTech);
  await installer.goto('/my-appointments');
  const card = stopCard(installer, invoiceId);
  await card.getByRole('button', { name: `Arrived: invoice ${invoiceId}` }).click();
  const dialog = installer.getByRole('dialog');
  await dialog
    .locator('#status-photos')
    .setInputFiles({ name: 'windshield.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Send Arrived' }).click();
  await expect(card.locator('.ant-card-head').getByText('Arrived', { exact: true })).toBeVisible();

  // The office's calendar, untouched, shows the visit in the Arrived colour (the theme's warning colour).
  const warning = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--gs-color-warning)';
    document.body.append(probe);
    const value = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return value;
  });
  await expect.poll(colour, { timeout: 20_000 }).toBe(warning);
  expect(warning).not.toBe(scheduled);
  await phone.close();
});
