import { expect, expectAccessible, screenTitle, test } from './fixtures';

/** A valid VIN for the n-th row: position 9 is the check digit (49 CFR 565). */
function vin(n: number): string {
  const body = `1HGCM8260 3A${String(n).padStart(6, '0')}`.replace(' ', '');
  const values: Record<string, number> = { H: 8, G: 7, C: 3, M: 4, A: 1 };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (/\d/.test(body[i]) ? Number(body[i]) : values[body[i]]) * weights[i];
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return body.slice(0, 8) + check + body.slice(9);
}

test('a dealer export with one bad row becomes service vehicles, with live progress', async ({ page }) => {
  test.setTimeout(120_000);
  const ro = `E2ED${Date.now() % 10_000_000}-`;
  const csv = [
    'RO Number,RO Status,Open Date,VIN,Year,Make,Model,Customer Name,Cell Phone',
    `${ro}1,Open,3/4/2025,${vin(11)},2021,Honda,Accord,"Smith, Jo",(281) 894-4520`,
    `${ro}2,Open,3/4/2025,1HGCM82643A004352,2020,Ford,Focus,"Lee, Bo",(281) 894-4521`,
    `${ro}3,Hold,3/5/2025,${vin(13)},2019,Toyota,Camry,"Diaz, Ana",(281) 894-4522`,
  ].join('\r\n');

  await page.goto('/dms-imports');
  await expect(page).toHaveTitle(screenTitle('DMS Imports'));
  await expect(page.getByRole('heading', { name: 'DMS Imports', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.locator('input[type=file]').setInputFiles({
    name: 'daily-ro.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  // The user's facility is chosen already, so the file is all Upload needs.
  await expect(page.getByRole('button', { name: 'Upload' })).toBeEnabled();
  await page.getByRole('button', { name: 'Upload' }).click();

  // The columns are recognised; the preview checks every row.
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping.getByRole('combobox', { name: 'Column for VIN' })).toBeVisible();
  await expect(mapping.getByRole('row', { name: /^VIN/ })).toContainText('VIN');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'rows:' })).toHaveText(
    '3 rows: 2 will be imported, 1 has errors and will be skipped.',
  );
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await expect(errors).toContainText('VIN check digit does not match');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('dms-preview-1280.png'), fullPage: true });

  // Import: the progress bar fills and the counts arrive.
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  const progress = page.getByRole('region', { name: 'Import progress' });
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(progress).toContainText('Completed', { timeout: 30_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(progress.getByRole('status')).toHaveText(
    '3 of 3 rows: 2 created, 0 updated, 0 unchanged, 1 failed',
  );
  await expect(progress.getByRole('button', { name: 'Download failed rows' })).toBeVisible();

  // History lists it.
  const history = page.getByRole('table', { name: 'Import history' });
  await expect(history.getByRole('row').filter({ hasText: 'daily-ro.csv' }).first()).toContainText(
    'Completed',
  );
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('dms-done-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Open a created service vehicle.
  await page
    .getByRole('navigation', { name: 'Imported service vehicles' })
    .getByRole('link', { name: `RO ${ro}1` })
    .click();
  await expect(page).toHaveURL(/\/service-vehicles\/\d+$/);
  await expect(page.getByText(`${ro}1`).first()).toBeVisible();
  await expect(page.getByText('Accord').first()).toBeVisible();
});
