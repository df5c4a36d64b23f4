import { apiAs, DEMO, expect, expectAccessible, screenTitle, signIn, test } from './fixtures';

test('an auditor returns an invoice and the lead technician is alerted live', async ({
  page,
  browser,
  baseURL,
}) => {
  // The lead technician is signed in elsewhere.
  const tech = await (await browser.newContext({ baseURL })).newPage();
  await signIn(tech, DEMO.leadTech);
  const { id: leadTechId } = await (await apiAs(tech)).get<{ id: number }>('/api/self');
  await page.goto('/');
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Honda', model: 'Civic', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EA${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Audrey',
      lastName: 'Audit',
      contact: { primaryPhone: { phone: '(713) 555-0188', phoneTypeId: 2 } },
    },
  });
  const { invoiceId: id } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  await page.request.fetch(`/api/Invoices/${id}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${api.token}` },
    data: { leadTechnicianId: leadTechId },
  });
  await api.post(`/api/Invoices/${id}/submit`);

  await expect(tech.getByRole('status', { name: /Real-time connection: connected/ })).toBeVisible({
    timeout: 20_000,
  });

  await page.goto('/pending-audits');
  await expect(page).toHaveTitle(screenTitle('Pending Audits'));
  await expect(page.getByRole('status').filter({ hasText: 'waiting in' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('audits-1280.png'), fullPage: true });

  // The queue is oldest first; the new invoice is found by its number, then its checklist opens.
  await page.getByRole('searchbox', { name: 'Find invoice number' }).fill(String(id));
  await page.keyboard.press('Enter');
  const button = page.getByRole('button', { name: `Audit invoice ${id}` });
  await button.click();
  const drawer = page.getByRole('dialog', { name: `Audit of invoice ${id}` });
  const checklist = drawer.getByRole('list', { name: 'Audit checklist' });
  await expect(checklist).toContainText('Customer signature or verbal approval');
  await expect(checklist).toContainText('No photos of the glass');
  await expect(drawer.getByRole('button', { name: 'Pass' })).toBeDisabled();
  await expectAccessible(page, '.ant-drawer');

  await drawer.getByRole('button', { name: 'Return' }).click();
  await drawer.getByLabel('Why is it returned?').fill('No photos and no signature');
  await drawer.getByRole('button', { name: 'Return to the lead technician' }).click();
  await expect(drawer).toBeHidden();

  // The lead technician's badge, title and drawer show the NewMessage alert without a reload.
  await expect(tech.getByTestId('alerts-button')).toHaveAccessibleName(/Notifications \(\d+\)/);
  await expect(tech).toHaveTitle(/^\(\d+\) /);
  await tech.getByTestId('alerts-button').click();
  await expect(tech.getByRole('list', { name: 'Notifications' })).toContainText('New Message');
  await tech.keyboard.press('Escape');
  await tech.getByRole('button', { name: 'Open Messages' }).click();
  await expect(
    tech.getByRole('article', { name: new RegExp(`Invoice ${id} returned by audit`) }),
  ).toContainText('No photos and no signature');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('audits-375.png'), fullPage: true });
});
