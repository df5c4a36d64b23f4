import type { Page } from '@playwright/test';
import { apiAs, expect, screenTitle, test, expectToast } from './fixtures';

/**
 * Issue #34 item 4, decision 0021: "Schedule" on a service vehicle opens the schedule form for its invoice, or
 * creates the invoice first (after asking) and says so.
 */

/** A fresh service vehicle at facility 1, without an invoice. */
async function newServiceVehicle(page: Page, lastName: string) {
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Mazda', model: '3', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2ESS${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Sam',
      lastName,
      contact: { primaryPhone: { phone: '(713) 555-0180', phoneTypeId: 2 } },
    },
  });
  return { api, id: sv.id };
}

const actions = (page: Page) => page.getByRole('toolbar', { name: 'Service vehicle actions' });

test('a service vehicle without an invoice: Schedule asks, creates the invoice, opens the form for it', async ({
  page,
}) => {
  await page.goto('/');
  const { api, id } = await newServiceVehicle(page, 'Noinvoice');
  await page.goto(`/service-vehicles/${id}`);
  await actions(page).getByRole('button', { name: 'Schedule', exact: true }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Create the invoice and schedule?' });
  await expect(confirm).toContainText(`Service vehicle ${id} has no invoice yet.`);
  // Cancelling creates nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(
    (await api.get<{ invoiceId: number | null }>(`/api/ServiceVehicle/${id}`)).invoiceId ?? null,
  ).toBeNull();

  await actions(page).getByRole('button', { name: 'Schedule', exact: true }).click();
  await page.getByRole('button', { name: 'Create invoice and schedule' }).click();
  await expectToast(page, 'Invoice created from this service vehicle');
  await expect(page).toHaveURL(/\/schedule-appointment\?invoiceId=\d+$/);
  const invoiceId = Number(new URL(page.url()).searchParams.get('invoiceId'));
  expect((await api.get<{ invoiceId: number | null }>(`/api/ServiceVehicle/${id}`)).invoiceId).toBe(
    invoiceId,
  );
  await expect(page).toHaveTitle(screenTitle('Schedule Appointment'));
  await expect(
    page.getByRole('heading', { name: `Schedule Appointment: invoice ${invoiceId}` }),
  ).toBeVisible();
});

test('a service vehicle with an invoice: Schedule opens the form for that invoice directly', async ({
  page,
}) => {
  await page.goto('/');
  const { api, id } = await newServiceVehicle(page, 'Hasinvoice');
  const { invoiceId } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${id}`,
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/service-vehicles/${id}`);
  await actions(page).getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule-appointment\\?invoiceId=${invoiceId}$`));
  await expect(
    page.getByRole('heading', { name: `Schedule Appointment: invoice ${invoiceId}` }),
  ).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});
