import { apiAs, expect, expectAccessible, screenTitle, test } from './fixtures';

test('a tech text sent through the API shows in the outbox, filtered by keyboard', async ({ page }) => {
  await page.goto('/');
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 2,
    vehicle: { make: 'Honda', model: 'Civic', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EO${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Olly',
      lastName: 'Outbox',
      contact: { primaryPhone: { phone: '(713) 555-0177', phoneTypeId: 2 } },
    },
  });
  const { invoiceId: id } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  const message = `Technician on the way ${Date.now()}`;
  const sent = await api.post<{ phone: string; outboxId: number }>(`/api/Invoices/${id}/sendTechText`, {
    message,
  });
  expect(sent.phone).toBe('7135550177');

  await page.goto('/outbox');
  await expect(page).toHaveTitle(screenTitle('Outbox'));
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();

  // Only texts: choose the channel with the keyboard.
  const channel = page.getByRole('combobox', { name: 'Channel' });
  await channel.focus();
  await page.keyboard.press('ArrowDown');
  await expect(
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active'),
  ).toHaveText('Text (SMS)');
  await page.keyboard.press('Enter');
  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: message });
  await expect(row).toBeVisible();
  // The number as people read it (#15: one phone display), not the stored digits.
  await expect(row.getByText('(713) 555-0177')).toBeVisible();
  await expect(row.getByText(/^(Pending|Sending|Sent)$/)).toBeVisible();
  await expect(row.getByRole('link', { name: `Invoice ${id}` })).toHaveAttribute('href', `/invoices/${id}`);
  await expect(table.getByText('E-mail', { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // 375 px wide: each message is a card (ui/DataTable) and the page does not scroll sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  const card = page
    .getByRole('region', { name: 'Outbox messages' })
    .getByRole('article')
    .filter({ hasText: message });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: `Invoice ${id}` })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
});
