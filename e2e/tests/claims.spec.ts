import { api, newInvoice } from './field-helpers';
import { apiLogin, DEMO, expect, expectAccessible, test } from './fixtures';

/*
 * Insurance claims (issue #35): an invoice insured by Farmers Insurance (seeded with the clearing house Gulf States
 * Glass Network, which takes claims at submit) is submitted and sent; the billing office records the clearing
 * house's rejection on the invoice; the claim waits on the shop in the Claim Queue; the invoice is fixed and
 * submitted again, which sends a new submission.
 */
const FARMERS = 6;
const HOUSE = 'Gulf States Glass Network';

test('submit sends the claim; a rejection is recorded, queued for the shop, and a resubmission is sent', async ({
  page,
  request,
}) => {
  const call = await api(request);
  const invoiceId = await newInvoice(call);
  const token = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}` };
  const patch = await request.patch(`/api/Invoices/${invoiceId}`, {
    headers,
    data: { insuranceCompanyId: FARMERS },
  });
  expect(patch.status(), await patch.text()).toBe(200);
  expect((await call('POST', `/api/Invoices/${invoiceId}/submit`, {})).status).toBe(200);

  await page.goto(`/invoices/${invoiceId}`);
  const section = page.getByRole('region', { name: 'Claim submissions' });
  const first = section.getByRole('region', { name: new RegExp(`to ${HOUSE}`) });
  await expect(first.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expect(first.getByText('Waiting on the insurer')).toBeVisible();

  await first.getByRole('button', { name: 'Rejected…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Record rejection' }).click();
  await expect(dialog.getByText('Reason code is required')).toBeVisible();
  await dialog.getByLabel('Reason code').fill('A7');
  await dialog.getByLabel('Reason', { exact: true }).fill('Policy not found');
  await expectAccessible(page, '.ant-modal');
  await dialog.getByRole('button', { name: 'Record rejection' }).click();
  await expect(dialog).toBeHidden();
  await expect(first.getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(first.getByText('A7: Policy not found').first()).toBeVisible();
  await expect(first.getByText('Waiting on the shop')).toBeVisible();

  await page.goto('/claim-queue');
  await expect(page.getByRole('heading', { name: /Claim Queue/ })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Open invoice ${invoiceId}` }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('A7: Policy not found')).toBeVisible();
  await expectAccessible(page);

  // Fixed on the invoice and submitted again: a new submission, the rejection kept in its history.
  expect((await call('POST', `/api/Invoices/${invoiceId}/unsubmit`, {})).status).toBe(200);
  expect((await call('POST', `/api/Invoices/${invoiceId}/submit`, {})).status).toBe(200);
  await row.getByRole('link', { name: `Open invoice ${invoiceId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoiceId}$`));
  const submissions = page.getByRole('region', { name: 'Claim submissions' }).getByRole('region');
  await expect(submissions).toHaveCount(2);
  await expect(submissions.first().getByText(/^Sent again/)).toBeVisible();
  await expect(submissions.nth(1).getByText('Rejected', { exact: true }).first()).toBeVisible();
});
