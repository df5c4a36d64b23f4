import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, apiLogin, DEMO, expect, expectAccessible, test } from './fixtures';

/**
 * Issue #34 item 1: the office sees what the installer recorded. An installer sends Arrived with a photo and a
 * note; the office finds them in the calendar's details drawer and on the invoice, the photo as a thumbnail
 * (`?thumb=1`) that opens the full image.
 */

// The smallest valid PNG (1×1): a "photo" from the phone camera.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const NOTE = 'Chip on the driver side, customer told';

/** A fresh invoice at facility 1 with a visit of the repair technician on a day of its own (YYYY-MM-DD). */
async function bookedInvoice(page: Page, request: APIRequestContext) {
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Honda', model: 'Civic', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EFR${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Rita',
      lastName: 'Recorded',
      contact: { primaryPhone: { phone: '(713) 555-0178', phoneTypeId: 2 } },
    },
  });
  const { invoiceId } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  const installerToken = await apiLogin(request, DEMO.repairTech);
  const myDay = await request.get('/api/appointments/my-day', {
    headers: { Authorization: `Bearer ${installerToken}` },
  });
  const { installerId } = (await myDay.json()) as { installerId: number };
  // A day far ahead that nobody else books (the save refuses an overlap with 409: then the next day).
  for (let k = 0; k < 20; k++) {
    const day = new Date(Date.UTC(2032, 0, 1) + ((Date.now() / 1000 + k * 7919) % 900) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const res = await page.request.post('/api/appointmentsSchedule/save', {
      headers: { Authorization: `Bearer ${api.token}` },
      data: {
        scheduleInvoiceId: invoiceId,
        partTypeId: 1,
        installerId,
        // 10:00 in Houston (facility 1, Central time).
        appointmentDateTime: `${day}T16:00:00.000Z`,
        serviceAddress: '100 Main St',
        city: 'Houston',
        state: 'TX',
        zip: '77001',
        phone1: '7135550178',
        serviceAppointment: true,
        timeAllowed: 30,
      },
    });
    if (res.ok()) return { invoiceId, day };
    expect(res.status(), await res.text()).toBe(409);
  }
  throw new Error('no free day');
}

/** The repair technician (the installer) sends Arrived with a photo and a note, as the phone does. */
async function installerSendsArrived(request: APIRequestContext, invoiceId: number) {
  const token = await apiLogin(request, DEMO.repairTech);
  const res = await request.post('/api/appointments/status', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      InvoiceId: String(invoiceId),
      PartTypeId: '1',
      StatusId: '2',
      Note: NOTE,
      Files: { name: 'windshield.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('the office sees the installer’s photo (a thumbnail) and note in the calendar drawer and on the invoice', async ({
  page,
  request,
}) => {
  test.slow();
  await page.goto('/');
  const { invoiceId, day } = await bookedInvoice(page, request);
  await installerSendsArrived(request, invoiceId);
  const files: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/files/')) files.push(r.url());
  });

  await page.goto(`/appointments?view=Day&date=${day}`);
  await page.locator('.rbc-event', { hasText: `#${invoiceId}` }).click();
  const drawer = page.getByRole('dialog');
  const records = drawer.getByRole('region', { name: 'Field records' });
  const photo = records.getByRole('img', { name: /^Photo 1 \(Arrived/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  expect(files.some((u) => /\/api\/files\/appointments\/\d+\/.+\?thumb=1$/.test(u))).toBe(true);
  // Only the thumbnail so far; the full image is read when it is opened.
  expect(files.filter((u) => !u.includes('thumb=1'))).toEqual([]);
  await expect(records.getByTestId('field-note')).toContainText(NOTE);
  await expect(records.getByTestId('field-note')).toContainText('Arrived');
  await expect(records.getByText('No materials reported yet')).toBeVisible();
  await expect(records.getByRole('region', { name: 'Parts' })).toBeVisible();
  await expectAccessible(page, '.ant-drawer');

  await records.getByRole('button', { name: /^Photo 1/ }).click();
  const preview = page.locator('.ant-image-preview');
  await expect(preview.locator('img')).toBeVisible();
  await expect.poll(() => files.some((u) => /\/api\/files\/appointments\/\d+\/[^?]+$/.test(u))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // The invoice shows them too, at 375 px as on a desktop.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/invoices/${invoiceId}`);
  const section = page.getByRole('region', { name: 'Field records' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('img', { name: /^Photo 1 \(Arrived/ })).toBeVisible();
  await expect(section.getByTestId('field-note')).toContainText(NOTE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('an invoice without field records says so', async ({ page }) => {
  await page.goto('/');
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Honda', model: 'Civic', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EFN${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Nora',
      lastName: 'Norecords',
      contact: { primaryPhone: { phone: '(713) 555-0179', phoneTypeId: 2 } },
    },
  });
  const { invoiceId } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  await page.goto(`/invoices/${invoiceId}`);
  const section = page.getByRole('region', { name: 'Field records' });
  await expect(section.getByText('No photos yet')).toBeVisible();
  await expect(section.getByText('No notes yet')).toBeVisible();
  await expect(section.getByText('No materials reported yet')).toBeVisible();
});
