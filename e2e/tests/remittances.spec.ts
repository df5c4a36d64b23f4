import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, expectAccessible, screenTitle, settleAnimations, test } from './fixtures';

/*
 * Remittances (issue #35 item 4): the demo payment file (apps/server/src/db/seed/data/remittance-sample.csv; the
 * seed gives facility 1's invoices its claim numbers) is uploaded by the demo admin, mapped by the recognised
 * headers, previewed and imported; the result counts show; the line paying an unknown claim waits in the
 * exceptions queue and is dismissed with a reason.
 */
const SAMPLE = readFileSync(
  join(import.meta.dirname, '../../apps/server/src/db/seed/data/remittance-sample.csv'),
);

test('the demo payment file funds its invoices; an unknown claim is dismissed from the exceptions', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/remittances');
  await expect(page).toHaveTitle(screenTitle('Remittances'));
  await expect(page.getByRole('heading', { name: 'Remittances', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Clearing house' })).toBeVisible();
  await expectAccessible(page);

  await page.locator('input[type=file]').setInputFiles({
    name: 'remittance-sample.csv',
    mimeType: 'text/csv',
    buffer: SAMPLE,
  });
  await page.getByRole('button', { name: 'Upload' }).click();

  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping.getByRole('row', { name: /^Paid amount/ })).toContainText('Amount Paid');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'lines:' })).toContainText('6 lines: 6 readable');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Start import' }).click();
  const progress = page.getByRole('region', { name: 'Import progress' });
  await expect(progress).toContainText('Completed', { timeout: 60_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const result = progress
    .getByRole('group', { name: 'Import result' })
    .or(progress.locator('.ant-descriptions'));
  await expect(result).toContainText('Duplicates1');
  await expect(result).toContainText('Short-paid1');
  await expect(
    page
      .getByRole('table', { name: 'Import history' })
      .getByRole('row')
      .filter({ hasText: 'remittance-sample.csv' }),
  ).toContainText('Completed');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Exceptions' }).click();
  const queue = page.getByRole('table', { name: 'Remittance exceptions' });
  const unknown = queue.getByRole('row').filter({ hasText: 'DEMO-RMT-99999' });
  await expect(unknown).toHaveCount(1);
  await expectAccessible(page);
  await unknown.getByRole('button', { name: /^Dismiss line/ }).click();
  const dialog = page.getByRole('dialog');
  // The dialog's form drawn (its field there and settled) before its button is tried empty: a click during the
  // opening once went unanswered in CI.
  await expect(dialog.getByLabel('Reason')).toBeEditable();
  await settleAnimations(page);
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Not our claim');
  await expectAccessible(page, '.ant-modal');
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toBeHidden();
  await expect(unknown).toHaveCount(0);

  // The short payment is listed to follow up, with what is missing.
  await page
    .getByRole('radiogroup', { name: 'Lines' })
    .or(page.getByLabel('Lines'))
    .getByText('Short-paid')
    .click();
  await expect(queue.getByRole('row').filter({ hasText: 'DEMO-RMT-10002' })).toContainText('$14.90');
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
});
