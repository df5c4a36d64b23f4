import type { Locator, Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { apiAs, DEMO, expect, test } from './fixtures';

/**
 * Issue #13 item 1: an invoice created in the app and edited on its detail screen shows the same
 * Labor, Tax and Total as its PDF (the PDF once said Tax 5.35, Total 70.25 where the screen said Tax 0.00,
 * Total 64.90). Item 5 / 10: opening the Messages drawer logs no console errors, attachments included.
 */

/** A fresh invoice from a new service vehicle at facility 1 (tax 8.25% of labor), with one repair line. */
async function newInvoice(page: Page): Promise<number> {
  await page.goto('/new-home');
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Toyota', model: 'Camry', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EM${Date.now() % 100_000_000}`, statusId: 3 },
    customer: { firstName: 'Morgan', lastName: 'Moneycase' },
  });
  const { invoiceId } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  return invoiceId;
}

/** The value shown beside a label in the Repairs section's totals. */
const fact = (repairs: Locator, label: string) =>
  repairs
    .locator('.ant-descriptions-item-container')
    .filter({
      has: repairs.page().locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }),
    })
    .locator('.ant-descriptions-item-content');

/** The text of every page of a PDF, in reading order. */
async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

/** The amount the PDF prints after a label ("Labor $64.90", "Tax (8.25% of labor) $5.35"). */
function pdfAmount(text: string, label: RegExp): string {
  const found = new RegExp(`${label.source}\\s*(\\$[\\d,]+\\.\\d\\d)`).exec(text);
  expect(found, `${label} in the PDF: ${text.slice(0, 600)}`).not.toBeNull();
  return (found as RegExpExecArray)[1] as string;
}

test('an edited repair line: Labor, Tax and Total on the detail screen match the PDF to the cent', async ({
  page,
}) => {
  const id = await newInvoice(page);
  await page.goto(`/invoices/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice: ${id}` })).toBeVisible();
  const repairs = page.getByRole('region', { name: 'Repairs' });
  await expect(repairs.getByTestId('repair-line')).toHaveCount(1);

  // Set repair line 1 to 64.90, as a user does.
  await repairs.getByRole('button', { name: 'Edit repair line 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit repair line 1' });
  await dialog.getByLabel('Description').fill('Chip repair driver side');
  await dialog.getByLabel('Amount').fill('64.90');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/InvoiceRepairs\/\d+$/.test(r.url()),
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(repairs.getByTestId('repair-line')).toContainText('$64.90');

  // What the screen shows: labor 64.90, tax 8.25% of it (5.35), total 70.25.
  await expect(fact(repairs, 'Labor')).toHaveText('$64.90');
  await expect(fact(repairs, 'Tax')).toHaveText('$5.35');
  await expect(fact(repairs, 'Total')).toHaveText('$70.25');
  await expect(repairs.getByTestId('invoice-total')).toHaveText('$70.25');
  const screen = {
    labor: await fact(repairs, 'Labor').innerText(),
    parts: await fact(repairs, 'Parts').innerText(),
    tax: await fact(repairs, 'Tax').innerText(),
    total: await fact(repairs, 'Total').innerText(),
  };

  // The PDF the View PDF button opens (a new tab at a signed link) prints the same figures.
  const [pdf, tab] = await Promise.all([
    page
      .context()
      .waitForEvent(
        'response',
        (r) => new URL(r.url()).pathname.toLowerCase() === `/api/invoices/${id}/pdf/invoice-${id}.pdf`,
      ),
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'View PDF' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  // The tab's PDF viewer keeps the body to itself: read the same signed link again (valid for 60 s).
  const bytes = await (await page.request.get(pdf.url())).body();
  await tab.close();
  const text = await pdfText(bytes);
  expect(text).toContain('Chip repair driver side');
  expect({
    labor: pdfAmount(text, /Labor/),
    parts: pdfAmount(text, /Parts/),
    tax: pdfAmount(text, /Tax(?: \([\d.]+% of labor\))?/),
    total: pdfAmount(text, /Total/),
  }).toEqual(screen);
  expect(text).toContain('Tax (8.25% of labor) $5.35');

  // And the invoice list's totalCost says the same.
  const api = await apiAs(page);
  const listed = await api.get<{ value: { totalCost: number }[] }>(
    `/api/Invoices?$filter=id eq ${id}&$select=id,totalCost`,
  );
  expect(`$${Number(listed.value[0]?.totalCost).toFixed(2)}`).toBe(screen.total);
});

test.describe('the Messages drawer', () => {
  type Listed = {
    value: { id: number; messages: { imageAttachmentUrl: string | null }[] }[];
  };

  test('opens without a console error or a failed request, attachments shown', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await page.goto('/new-home');
    await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();

    // The drawer lists today's conversations: make sure one of them carries a picture (the seeded ones
    // do when the seed's newest conversations fall on today; a picture sent now always does).
    const api = await apiAs(page);
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    const today = await api.get<Listed>(
      `/api/Conversations?$expand=Messages&$filter=lastMessageAt ge ${start.toISOString()}&$top=200`,
    );
    let withPicture = today.value.filter((c) => c.messages.some((m) => m.imageAttachmentUrl)).length;
    if (withPicture === 0) {
      const me = await api.get<{ id: number }>('/api/self');
      const other = await page.request.post('/api/login', { data: { ...DEMO.manager, tzo: 300 } });
      const managerToken = ((await other.json()) as { token: string }).token;
      const sent = await page.request.post('/api/Conversations/Start', {
        headers: { Authorization: `Bearer ${managerToken}` },
        multipart: {
          Subject: `Picture check ${Date.now()}`,
          Message: 'Here is the windshield.',
          'RecipientUserIds[]': String(me.id),
          AttachedImage: {
            name: 'windshield.png',
            mimeType: 'image/png',
            buffer: Buffer.from(
              'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
              'base64',
            ),
          },
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      withPicture = 1;
    }
    expect(withPicture).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Open Messages' }).click();
    const drawer = page
      .locator('.ant-drawer-content-wrapper')
      .filter({ has: page.getByTestId('conversation') });
    await expect(drawer.getByTestId('conversation').first()).toBeVisible();
    // Every attachment in the drawer loads (earlier messages are inside a collapsed panel).
    for (const panel of await drawer.getByRole('button', { name: /^Earlier messages/ }).all())
      await panel.click();
    const images = drawer.locator('img.attachment-image');
    await expect(images.first()).toBeVisible();
    await expect(drawer.getByText('Loading image…')).toHaveCount(0);
    await expect(drawer.getByText('Image unavailable')).toHaveCount(0);
    for (const img of await images.all())
      expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
