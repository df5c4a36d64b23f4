import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { apiAs, expect, expectAccessible, test, expectToast } from './fixtures';

/** The text of every page of a PDF, as the API tests read the invoice PDF. */
async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return pages.join('\n');
}

/** This run's own insurer and invoices (new service vehicles, a repair line each), so the seeded ones stay as they are. */
async function setUp(page: Page) {
  await page.goto('/login'); // the token lives in the page's storage
  const api = await apiAs(page);
  const stamp = Date.now().toString(36);
  const insurer = `Recon Mutual ${stamp}`;
  const { id: insuranceCompanyId } = await api.post<{ id: number }>('/api/insuranceCompany', {
    name: insurer,
    clearingHouseId: 1,
  });
  const invoice = async (lastName: string, amount: number) => {
    const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
      facilityId: 1,
      repairCount: 1,
      vehicle: { make: 'Honda', model: 'Civic', sourceId: 1 },
      repairOrder: { repairOrderNumber: `E2ER${Date.now() % 100_000_000}`, statusId: 3 },
      customer: {
        firstName: 'Rita',
        lastName,
        contact: { primaryPhone: { phone: '(713) 555-0177', phoneTypeId: 2 } },
      },
    });
    const { invoiceId } = await api.post<{ invoiceId: number }>(
      `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
    );
    await api.post('/api/InvoiceRepairs', { invoiceId, description: 'Windshield chip', amount });
    const res = await page.request.fetch(`/api/Invoices/${invoiceId}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${api.token}` },
      data: { insuranceCompanyId, paymentTypeId: 1 },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return invoiceId;
  };
  const soldTo = `Paid${stamp}`;
  const ids = [
    await invoice(soldTo, 59.95),
    await invoice(soldTo, 120.1),
    await invoice(`Other${stamp}`, 80),
  ];
  return { insurer, soldTo, ids };
}

/** Marks one listed invoice funded through its dialog. */
async function fund(page: Page, id: number) {
  await page.getByRole('button', { name: `Mark invoice ${id} funded` }).click();
  const dialog = page.getByRole('dialog', { name: `Fund invoice ${id}` });
  await expect(dialog.getByLabel('Amount')).not.toHaveValue('');
  await dialog.getByLabel('Reference').fill(`CHK-${id}`);
  await dialog.getByRole('button', { name: 'Mark funded' }).click();
  // The toast of the invoice funded just before may still be showing: this funding's is the newest.
  await expectToast(page, 'Invoice funded');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('checkbox', { name: `Choose invoice ${id} for the deposit` })).toBeVisible();
}

test('reconcile: filter by insurer and sold-to, fund two, deposit them and read the slip’s total', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { insurer, soldTo, ids } = await setUp(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/reconcile');
  await expect(page.getByRole('heading', { name: 'Reconcile', level: 1 })).toBeVisible();
  await expect(page.getByTestId('reconcile-row').first()).toBeVisible();
  await expectAccessible(page);

  // By insurer: the choices are active insurers; the name is applied as typed.
  const insurerBox = page.getByRole('combobox', { name: 'Insurance company' });
  await insurerBox.fill(insurer.toLowerCase());
  await insurerBox.press('Enter');
  await expect(page).toHaveURL(/[?&]insurer=/);
  await expect(page.getByTestId('reconcile-row')).toHaveCount(3);
  await expect(page.getByRole('status', { name: 'Totals of the selection' })).toContainText('3 invoices');

  // By sold-to.
  await page.getByLabel('Sold to').fill(soldTo);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]soldTo=${soldTo}`));
  await expect(page.getByTestId('reconcile-row')).toHaveCount(2);
  const totals = page.getByRole('status', { name: 'Totals of the selection' });
  await expect(totals).toContainText('2 invoices');
  const listedTotal = (await page.getByTestId('reconcile-total').innerText()).replace(/^Total\s*/, '').trim();
  expect(listedTotal).toMatch(/^\$\d+\.\d\d$/);

  // Fund both; a row shows the funded button only while the server says so.
  for (const id of ids.slice(0, 2)) await fund(page, id);
  await expect(page.getByRole('button', { name: /^Mark invoice \d+ funded$/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('reconcile-1280.png') });

  // Choose both for a deposit; the dialog shows what the deposit will hold.
  for (const id of ids.slice(0, 2))
    await page.getByRole('checkbox', { name: `Choose invoice ${id} for the deposit` }).check();
  await page.getByRole('button', { name: 'Create deposit (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create deposit' });
  await expect(dialog.getByRole('definition').last()).toHaveText(listedTotal);
  await expectAccessible(page, '.ant-modal');
  await dialog.getByRole('button', { name: 'Create deposit' }).click();
  await expectToast(page, 'Deposit created');
  const created = page.getByRole('alert').filter({ hasText: /Deposit \d+ created/ });
  await expect(created).toContainText(`2 invoices, ${listedTotal}`);
  const depositId = Number(/Deposit (\d+) created/.exec(await created.innerText())?.[1]);
  await expect(page.getByText(`Deposit ${depositId}`, { exact: true })).toHaveCount(2);

  // The slip: the PDF the app opens, read back; its total is the list's.
  const [slip] = await Promise.all([
    page.waitForResponse(
      (r) => new URL(r.url()).pathname.toLowerCase() === `/api/depositinvoices/${depositId}/pdf`,
    ),
    page.getByRole('button', { name: 'Open deposit slip' }).click(),
  ]);
  expect(slip.status()).toBe(200);
  expect(slip.headers()['content-type']).toContain('application/pdf');
  // The app reads it as a blob for its new tab, which leaves Playwright no body to show: the same address
  // is read again with the page's token.
  const { token } = await apiAs(page);
  const again = await page.request.get(slip.url(), { headers: { Authorization: `Bearer ${token}` } });
  const text = await pdfText(await again.body());
  expect(text).toContain(`DEPOSIT #${depositId}`);
  expect(text).toContain(`Deposit total: ${listedTotal}`);
  for (const id of ids.slice(0, 2)) expect(text).toContain(String(id));
  expect(text).not.toContain(String(ids[2]));

  // The Deposits list has it, newest first, with its items.
  await page.goto('/deposits');
  await expect(page.getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ hasText: String(depositId) })
    .first();
  await expect(row).toContainText(listedTotal);
  await row.getByRole('button', { name: 'Expand row' }).click();
  const items = page.getByRole('table', { name: `Invoices of deposit ${depositId}` });
  await expect(items.getByRole('link', { name: String(ids[0]) })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('deposits-1280.png') });
});

test('reconcile and deposits at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/reconcile');
  await expect(page.getByRole('heading', { name: 'Reconcile', level: 1 })).toBeVisible();
  await expect(page.locator('.rc-card').first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('reconcile-375.png') });
  await page.goto('/deposits');
  await expect(page.getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('deposits-375.png') });
});
