import fs from 'node:fs';
import { DEMO, expect, expectAccessible, test } from './fixtures';

const REPORTS = [
  { id: 'pipeline', tab: 'Pipeline conversion', table: 'Conversion by facility' },
  { id: 'technicians', tab: 'Technicians', table: 'Jobs per lead technician' },
  { id: 'receivables', tab: 'Receivables', table: 'Unfunded by insurance company' },
  { id: 'approvals', tab: 'Approvals', table: 'Approval requests by facility' },
  { id: 'sales', tab: 'Sales', table: 'By facility' },
];

test.describe('Reports', () => {
  test('opens each report with its chart and table, keeps the filters in the URL, has no serious axe violation', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    for (const r of REPORTS) {
      await page.getByRole('tab', { name: r.tab }).click();
      await expect(page).toHaveURL(new RegExp(`report=${r.id}`));
      await expect(page.getByRole('heading', { level: 2, name: r.table })).toBeVisible();
      await expect(page.getByRole('table', { name: r.table }).getByRole('row').nth(1)).toBeVisible();
    }
    // Charts are drawn from the tables (the chart chunk loads on this screen only).
    await expect(page.getByRole('img', { name: /^Chart of By facility/ })).toBeVisible();
    // Receivables by insurer and clearing house (issue #35): the claim tables of the seeded submissions, each
    // with its rows, chart and totals line.
    await page.getByRole('tab', { name: 'Receivables' }).click();
    for (const name of [
      'Days to pay by insurance company',
      'Short payments by insurance company',
      'Claim rejections by reason',
      'Claim rejections by clearing house',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      const rows = page.getByRole('table', { name }).locator('tbody tr');
      await expect(rows.nth(1)).toBeVisible();
      await expect(rows.last()).toContainText('Total');
      await expect(page.getByRole('img', { name: new RegExp(`^Chart of ${name}`) })).toBeVisible();
      await expect(page.getByRole('button', { name: `Export ${name} as CSV` })).toBeVisible();
    }
    await expect(page.getByRole('table', { name: 'Days to pay by insurance company' })).toContainText(
      /\d+\.\d days/,
    );
    await expect(page.getByRole('table', { name: 'Claim rejections by reason' })).toContainText(/\d+\.\d %/);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Sales' }).click();
    await expect(page.getByRole('img', { name: /^Chart of By facility/ })).toBeVisible();
    await expect(page.locator('.rp-chart .recharts-bar-rectangle').first()).toBeVisible();
    await expectAccessible(page);

    // Change the range in the picker: the URL keeps it, the report reads it again.
    const start = page.locator('#rp-filter-range');
    await start.click();
    await start.fill('01/01/2026');
    await start.press('Enter');
    const end = page.getByPlaceholder('To');
    await end.fill('03/31/2026');
    await end.press('Enter');
    await expect(page).toHaveURL(/from=2026-01-01/);
    await expect(page).toHaveURL(/to=2026-03-31/);
    await page.getByText('Week', { exact: true }).click();
    await expect(page).toHaveURL(/groupBy=week/);
    await expect(page.getByRole('heading', { level: 2, name: 'Revenue by week and facility' })).toBeVisible();
    // The URL alone restores the screen.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Revenue by week and facility' })).toBeVisible();
    await expect(page.locator('#rp-filter-range')).toHaveValue('01/01/2026');
  });

  test('exports a table as CSV with the rows shown', async ({ page }) => {
    await page.goto('/reports?report=sales&from=2026-01-01&to=2026-06-30');
    const table = page.getByRole('table', { name: 'By facility' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const shownRows = await table.locator('tbody tr').count();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export By facility as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('sales-by-facility-2026-01-01-2026-06-30.csv');
    const text = fs.readFileSync((await file.path()) as string, 'utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Facility,Invoices,Revenue,Average ticket,Repairs,Repair revenue,Replacements,Replacement revenue',
    );
    // The rows and the totals line, as the table shows them.
    expect(lines.length - 1).toBe(shownRows);
    expect(lines.at(-1)).toMatch(/^Total,/);
    const firstFacility = (await table.locator('tbody tr').first().locator('td').first().innerText()).trim();
    expect(lines[1].startsWith(firstFacility.includes(',') ? `"${firstFacility}"` : firstFacility)).toBe(
      true,
    );

    const xlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    expect((await xlsx).suggestedFilename()).toBe('sales-2026-01-01-2026-06-30.xlsx');
  });

  test('exports a claim table of the receivables as CSV', async ({ page }) => {
    await page.goto('/reports?report=receivables');
    const name = 'Claim rejections by clearing house';
    const table = page.getByRole('table', { name });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const shownRows = await table.locator('tbody tr').count();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export ${name} as CSV` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^receivables-rejections-by-clearing-house-.*\.csv$/);
    const lines = fs
      .readFileSync((await file.path()) as string, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Clearing house,Sent,Rejected,Rejection rate');
    expect(lines.length - 1).toBe(shownRows);
    expect(lines.at(-1)).toMatch(/^Total,\d+,\d+,[\d.]+$/);
  });

  test.describe('as a facility-bound manager', () => {
    test.use({ user: DEMO.manager });
    test('sees only their facility', async ({ page }) => {
      await page.goto('/reports?report=sales');
      const table = page.getByRole('table', { name: 'By facility' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      // One facility and the totals line.
      await expect(table.locator('tbody tr')).toHaveCount(2);
    });
  });
});
