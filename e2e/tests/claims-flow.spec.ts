import type { Page } from '@playwright/test';
import { apiAs, DEMO, expect, expectAccessible, test, expectToast } from './fixtures';

/*
 * Insurance billing end to end (issue #35 item 6), as the billing clerk (the demo admin assistant, Tina Nguyen)
 * works it in the browser: an invoice insured by Farmers Insurance (seeded with the clearing house Gulf States Glass
 * Network, which takes claims at submit) is submitted and its claim sent; the clearing house's rejection is recorded;
 * the claim waits on the shop in the Claim Queue; the clerk opens the invoice from there, corrects the claim number
 * and submits it again (a new submission, the rejected one kept); the insurer's payment file, made here with the
 * corrected claim number and the amount claimed, is imported on /remittances and funds the invoice; the claim is Paid.
 * Then the exceptions queue: a line naming a claim only by its digits is confirmed, a line naming no known claim is
 * reassigned to the invoice it pays, and both invoices are funded with the amounts paid.
 *
 * Each test makes its own invoices (a new service vehicle each) with claim numbers of this run, and its own payment
 * file, so the seeded data, the demo payment file of remittances.spec and the other specs of the shard stay apart.
 */
test.use({ user: DEMO.adminAssistant });

const FARMERS = 6;
const HOUSE = 'Gulf States Glass Network';

let made = 0;
/** Digits of this run and test (a leading 7, so no leading zero is trimmed from a claim number's digits). */
const stamp = () => `7${String(Date.now()).slice(-7)}${++made}`;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (value: number | string | null | undefined) => Math.round(Number(value ?? 0) * 100);
/** Today as a payment file writes it (MM/DD/YYYY). */
const today = () => {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};
const csv = (rows: string[][]) => Buffer.from(`${rows.map((r) => r.join(',')).join('\n')}\n`);

/**
 * An invoice of its own at facility 1 (a new service vehicle, a repair line of `amount`), insured by Farmers with
 * `claimNumber`; answers its id and what the insurer owes (total − deductible − deposit), in cents.
 */
async function ownInvoice(page: Page, amount: number, claimNumber: string | null) {
  if (page.url() === 'about:blank') await page.goto('/new-home'); // the token lives in the page's storage
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Toyota', model: 'Camry', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2ECF${stamp()}`, statusId: 3 },
    customer: {
      firstName: 'Clara',
      lastName: 'Claimflow',
      contact: { primaryPhone: { phone: '(713) 555-0188', phoneTypeId: 2 } },
    },
  });
  const { invoiceId } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  await api.post('/api/InvoiceRepairs', { invoiceId, description: 'Windshield replacement', amount });
  const res = await page.request.fetch(`/api/Invoices/${invoiceId}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${api.token}` },
    data: { insuranceCompanyId: FARMERS, paymentTypeId: 1, claimNumber },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const detail = await api.get<{
    totalCost: number | string;
    deductibleAmount: number | string | null;
    depositAmount: number | string | null;
  }>(`/api/Invoices/${invoiceId}`);
  const owedCents = cents(detail.totalCost) - cents(detail.deductibleAmount) - cents(detail.depositAmount);
  expect(owedCents, 'an amount for the insurer to pay').toBeGreaterThan(0);
  return { invoiceId, owedCents };
}

/** Uploads a payment file on /remittances (optionally for a clearing house) up to its mapping step. */
async function upload(page: Page, name: string, file: Buffer, clearingHouse?: string) {
  await page.goto('/remittances');
  await expect(page.getByRole('heading', { name: 'Remittances', level: 1 })).toBeVisible();
  if (clearingHouse) {
    const pick = page.getByRole('combobox', { name: 'Clearing house' });
    await pick.focus();
    await page.keyboard.type(clearingHouse);
    await expect(page.getByRole('option', { name: clearingHouse, exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('.ant-select').filter({ hasText: clearingHouse })).toBeVisible();
  }
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('table', { name: 'Column mapping' })).toBeVisible();
}

/** Previews the mapped file, checks its counts, starts the import and waits until its job has read every line. */
async function importMapped(page: Page, lines: number, totalCents: number) {
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'lines:' })).toHaveText(
    `${lines} lines: ${lines} readable, 0 unreadable; total paid ${dollars(totalCents)}.`,
  );
  await page.getByRole('button', { name: 'Start import' }).click();
  const progress = page.getByRole('region', { name: 'Import progress' });
  await expect(progress).toContainText('Completed', { timeout: 60_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(progress.getByRole('status')).toHaveText(`${lines} of ${lines} lines read`);
  return progress.getByRole('group', { name: 'Import result' }).or(progress.locator('.ant-descriptions'));
}

/** The invoice page shows it funded, with the payment as a funded Cash transaction of the amount and reference. */
async function expectFunded(page: Page, invoiceId: number, paidCents: number, reference: string) {
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice: ${invoiceId}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Status' }).getByText('Funded', { exact: true })).toBeVisible();
  const payment = page
    .getByTestId('invoice-transaction')
    .filter({ hasText: `Cash ${dollars(paidCents)}` })
    .filter({ hasText: `Ref ${reference}` });
  await expect(payment).toHaveCount(1);
  await expect(payment.getByText('Funded', { exact: true })).toBeVisible();
}

test('submit → rejected → fixed from the claim queue → resubmitted → a remittance file funds it and the claim is Paid', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = stamp();
  const typo = `FRM-${run}-1`;
  const claimNumber = `FRM-${run}-7`;
  const { invoiceId } = await ownInvoice(page, 312.45, typo);

  // Submitted from the invoice's action bar: the clearing house takes claims at submit, so the claim is sent.
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice: ${invoiceId}` })).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: 'Invoice actions' });
  const status = page.getByRole('list', { name: 'Status' });
  await toolbar.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(status.getByText('Submitted', { exact: true })).toBeVisible();
  const section = page.getByRole('region', { name: 'Claim submissions' });
  const submissions = section.getByRole('region', { name: new RegExp(`to ${HOUSE}$`) });
  await expect(submissions).toHaveCount(1);
  const sent = submissions.first();
  await expect(sent.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expect(sent.getByText('Waiting on the insurer')).toBeVisible();

  // The amount claimed is what the insurer owes; the payment file pays exactly that.
  const api = await apiAs(page);
  const [claim] = await api.get<{ id: number; amountClaimed: number | string }[]>(
    `/api/Invoices/${invoiceId}/claimSubmissions`,
  );
  const claimedCents = cents(claim.amountClaimed);
  expect(claimedCents).toBeGreaterThan(0);
  await expect(sent).toContainText(`claimed ${dollars(claimedCents)}`);

  // The clearing house rejects it by phone: recorded by hand with its reason.
  await sent.getByRole('button', { name: 'Rejected…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason code').fill('16');
  await dialog.getByLabel('Reason', { exact: true }).fill('Claim number does not match the policy');
  await dialog.getByRole('button', { name: 'Record rejection' }).click();
  await expect(dialog).toBeHidden();
  await expect(sent.getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(sent.getByText('16: Claim number does not match the policy').first()).toBeVisible();
  await expect(sent.getByText('Waiting on the shop')).toBeVisible();

  // The Claim Queue, waiting on the shop, narrowed to the reason: the claim is there to work.
  await page.goto('/claim-queue');
  await expect(page.getByRole('heading', { name: 'Claim Queue', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Waiting on the shop/ })).toBeChecked();
  const reason = page.getByRole('combobox', { name: 'Reason' });
  await reason.focus();
  await page.keyboard.type('16');
  await expect(page.getByRole('option', { name: /^16 \(\d+\)$/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select').filter({ hasText: /^16 \(\d+\)$/ })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Open invoice ${invoiceId}` }) });
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText('16: Claim number does not match the policy');
  await expect(row).toContainText(dollars(claimedCents));
  await expectAccessible(page);

  // Opened from the queue, unsubmitted, the claim number corrected and submitted again: a new submission.
  await row.getByRole('link', { name: `Open invoice ${invoiceId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoiceId}$`));
  await toolbar.getByRole('button', { name: 'Unsubmit' }).click();
  await expect(toolbar.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
  await expect(status.getByText('Submitted', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Claim number')).toHaveValue(typo);
  await page.getByLabel('Claim number').fill(claimNumber);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await toolbar.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(status.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(submissions).toHaveCount(2);
  const again = submissions.first();
  await expect(again.getByText(/^Sent again/)).toBeVisible();
  await expect(again.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expect(again.getByText('Waiting on the insurer')).toBeVisible();
  await expect(submissions.nth(1).getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(
    submissions.nth(1).getByText('16: Claim number does not match the policy').first(),
  ).toBeVisible();

  // Back in the queue (the app's own history, its lists still held): the claim now waits on the insurer.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Claim Queue', level: 1 })).toBeVisible();
  const queued = page.getByRole('link', { name: `Open invoice ${invoiceId}` });
  await expect(page.getByRole('table', { name: 'Claims waiting on someone' })).toBeVisible();
  await expect(queued).toHaveCount(0);

  // The insurer pays: its portal's export, whose claim column has a name the screen does not know, mapped by hand.
  const trace = `EFT-${run}`;
  const file = csv([
    ['Carrier Claim Ref', 'Carrier', 'Amount Paid', 'Payment Date', 'Trace Number'],
    [claimNumber, 'Farmers Insurance', (claimedCents / 100).toFixed(2), today(), trace],
  ]);
  await upload(page, `farmers-${run}.csv`, file, HOUSE);
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping.getByRole('row', { name: /^Paid amount/ })).toContainText('Amount Paid');
  const claimColumn = mapping.getByRole('combobox', { name: 'Column for Claim number' });
  await claimColumn.focus();
  await page.keyboard.type('Carrier Claim');
  await expect(page.getByRole('option', { name: 'Carrier Claim Ref', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(mapping.getByRole('row', { name: /^Claim number/ })).toContainText(claimNumber);
  const result = await importMapped(page, 1, claimedCents);
  await expect(result).toContainText('Funded1');
  await expect(result).toContainText('Exceptions0');
  await expect(result).toContainText(`Funded amount${dollars(claimedCents)}`);

  // Funded, and the claim paid: the open submission Paid, the rejected one kept as it was.
  await expectFunded(page, invoiceId, claimedCents, trace);
  await expect(submissions).toHaveCount(2);
  const paid = submissions.first();
  await expect(paid.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(paid).toContainText(`paid ${dollars(claimedCents)}`);
  await expect(paid.getByText(/^Waiting on/)).toHaveCount(0);
  await expect(submissions.nth(1).getByText('Rejected', { exact: true }).first()).toBeVisible();
});

test('exceptions queue: a claim named by its digits is confirmed, an unknown one reassigned; both invoices funded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = stamp();
  const digits = `${run}3`;
  const fuzzy = await ownInvoice(page, 151.37, `GS-${digits}`);
  const other = await ownInvoice(page, 76.21, null);
  const unknown = `NOCLAIM-${run}99`;
  const trace = `EFT-X${run}`;
  const file = csv([
    ['Claim #', 'Invoice No', 'Payer', 'Billed', 'Amount Paid', 'Check Date', 'EFT #'],
    ...[
      [digits, fuzzy.owedCents],
      [unknown, other.owedCents],
    ].map(([claim, owed]) => {
      const amount = (Number(owed) / 100).toFixed(2);
      return [String(claim), '', 'Farmers Insurance', amount, amount, today(), trace];
    }),
  ]);
  await upload(page, `exceptions-${run}.csv`, file);
  const result = await importMapped(page, 2, fuzzy.owedCents + other.owedCents);
  await expect(result).toContainText('Funded0');
  await expect(result).toContainText('Exceptions2');

  await page.getByRole('tab', { name: 'Exceptions' }).click();
  const queue = page.getByRole('table', { name: 'Remittance exceptions' });
  // The claim number's digits name the invoice, but a claim named by its digits alone is not funded unasked.
  const byDigits = queue.getByRole('row').filter({ hasText: `Claim ${digits}` });
  await expect(byDigits).toHaveCount(1);
  await expect(byDigits.getByRole('link', { name: `Open invoice ${fuzzy.invoiceId}` })).toBeVisible();
  await expect(byDigits).toContainText(`owes ${dollars(fuzzy.owedCents)}`);
  // The clerk looks at the suggested invoice first (not funded yet), comes back and confirms the line.
  await byDigits.getByRole('link', { name: `Open invoice ${fuzzy.invoiceId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice: ${fuzzy.invoiceId}` })).toBeVisible();
  await expect(page.getByLabel('Claim number')).toHaveValue(`GS-${digits}`);
  const status = page.getByRole('list', { name: 'Status' });
  await expect(status.getByText('Funded', { exact: true })).toHaveCount(0);
  await page.goBack();
  await page.getByRole('tab', { name: 'Exceptions' }).click();
  await byDigits.getByRole('button', { name: /^Confirm line/ }).click();
  await expectToast(page, 'Funded');
  await expect(byDigits).toHaveCount(0);
  // Forward to the invoice again, in the app (no reload): it shows what the confirmation did.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice: ${fuzzy.invoiceId}` })).toBeVisible();
  await expect(status.getByText('Funded', { exact: true })).toBeVisible();
  await page.goBack();
  await page.getByRole('tab', { name: 'Exceptions' }).click();

  // No invoice has the claim: the clerk knows which one it pays and reassigns it there.
  const lost = queue.getByRole('row').filter({ hasText: `Claim ${unknown}` });
  await expect(lost).toHaveCount(1);
  await expect(lost).toContainText('None');
  await expect(lost.getByRole('button', { name: /^Confirm line/ })).toHaveCount(0);
  await lost.getByRole('button', { name: /^Reassign line/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(dialog.getByText('Invoice number is required')).toBeVisible();
  await dialog.getByLabel('Invoice number').fill(String(other.invoiceId));
  await expectAccessible(page, '.ant-modal');
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Funded');
  await expect(lost).toHaveCount(0);

  await expectFunded(page, fuzzy.invoiceId, fuzzy.owedCents, trace);
  await expectFunded(page, other.invoiceId, other.owedCents, trace);
});
