import type { Locator, Page } from '@playwright/test';
import { apiAs, expect, expectAccessible, settleAnimations, test, expectToast } from './fixtures';

/** A 1×1 PNG: the smallest image the server's content check accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A fresh invoice of its own, from a new service vehicle (as the API tests make theirs), opened. */
async function openNewInvoice(page: Page, email: string) {
  await page.goto('/');
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 2,
    vehicle: { make: 'Honda', model: 'Accord', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2ED${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Dana',
      lastName: 'Documents',
      email,
      contact: { primaryPhone: { phone: '(713) 555-0142', phoneTypeId: 2 } },
    },
  });
  const { invoiceId } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByRole('heading', { name: `Invoice: ${invoiceId}` })).toBeVisible();
  return invoiceId;
}

/** Picks an option of the antd Select with this accessible name. */
async function choose(page: Page, scope: Locator, label: string, option?: string) {
  // antd puts the required mark and the inline colon into the label's text.
  const name = new RegExp(`^(\\* )?${label}( :)?$`);
  await scope.getByRole('combobox', { name }).click();
  const open = page.locator('.ant-select-dropdown .ant-select-item-option:visible');
  await (option ? open.filter({ hasText: option }) : open).first().click();
  await settleAnimations(page); // a list still fading out would catch the next pick
}

test('an invoice signed, printed, e-mailed, contacted and pictured', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `e2e.${Date.now()}@example.com`;
  const id = await openNewInvoice(page, email);
  await expect(page.getByText('Not signed yet.')).toBeVisible();

  // Sign with the mouse.
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const signDialog = page.getByRole('dialog', { name: `Signature for invoice ${id}` });
  const canvas = signDialog.getByTestId('signature-canvas');
  await expect(canvas).toBeVisible();
  await settleAnimations(page); // measured mid-zoom, the box would be off
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 20 + step * 15, box.y + box.height / 2 + (step % 2 ? -25 : 25));
  }
  await page.mouse.up();
  await signDialog.getByRole('button', { name: 'Save signature' }).click();
  await expectToast(page, 'Signature saved');
  await expect(signDialog).toBeHidden();
  await expect(page.getByRole('img', { name: `Customer signature of invoice ${id}` })).toBeVisible();

  // View the PDF: it arrives as a PDF; viewing stores nothing. Save PDF keeps a version in the list.
  // The PDF opens in a new tab (or downloads when pop-ups are blocked); the tab is closed once loaded.
  const pdfResponse = (method: string) =>
    page.waitForResponse(
      (r) =>
        r.request().method() === method &&
        new URL(r.url()).pathname.toLowerCase() === `/api/invoices/${id}/pdf`,
    );
  // The tab opens at a signed link named invoice-{id}.pdf (#15 item 5), a request of the new tab.
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
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await tab.close();
  await expect(page.getByText('No PDF saved yet', { exact: false })).toBeVisible();
  const [kept] = await Promise.all([
    pdfResponse('POST'),
    page.getByRole('button', { name: 'Save PDF' }).click(),
  ]);
  expect(kept.status()).toBe(201);
  await expect(page.getByTestId('invoice-pdf')).toHaveCount(1);

  // A contact entry.
  const history = page.getByRole('list', { name: 'Contact history' });
  const contact = page.getByRole('form', { name: 'Add a contact entry' });
  await contact.getByLabel('Activity').fill('Called customer about pickup');
  await contact.getByLabel('Details').fill('Will come at 5 pm.');
  await contact.getByRole('button', { name: 'Add contact' }).click();
  await expectToast(page, 'Contact added');
  await expect(
    history.getByTestId('history-entry').filter({ hasText: 'Called customer about pickup' }),
  ).toContainText('Will come at 5 pm.');

  // An image.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload images' }).click();
  await (await chooser).setFiles({ name: 'damage.png', mimeType: 'image/png', buffer: PNG });
  await expectToast(page, 'Image uploaded');
  await expect(page.getByTestId('invoice-image')).toHaveCount(1);

  // Send it by e-mail to the customer's address, prefilled.
  await page.getByRole('button', { name: 'Send invoice' }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send the invoice by e-mail' });
  await expect(sendDialog.getByLabel('E-mail')).toHaveValue(email);
  await sendDialog.getByRole('button', { name: 'Send invoice' }).click();
  // The server renders the PDF to attach it: allow for a slow render.
  await expectToast(page, `Invoice e-mailed to ${email}`, 30_000);
  // The contact history starts on contacts only; all entries show the e-mail.
  await page.getByRole('switch', { name: 'Contacts only' }).click();
  await expect(history.getByText(`Invoice e-mailed to ${email}`)).toBeVisible();

  await page.mouse.move(0, 0);
  await expectAccessible(page);

  // At 375 px the sections wrap instead of scrolling sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  const width = await page
    .locator('.invoice-extra-sections')
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(width).toBeLessThanOrEqual(1);
});

test('signed by keyboard; a transaction funded, a part and an accessory added', async ({ page }) => {
  test.setTimeout(120_000);
  const id = await openNewInvoice(page, `e2e.k${Date.now()}@example.com`);

  // Keyboard only: the typed name is the signature.
  await page.getByRole('button', { name: 'Sign', exact: true }).focus();
  await page.keyboard.press('Enter');
  const signDialog = page.getByRole('dialog', { name: `Signature for invoice ${id}` });
  await signDialog.getByLabel("Or type the signer's name").focus();
  await page.keyboard.type('Dana Documents');
  await signDialog.getByRole('button', { name: 'Save signature' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Signature saved');
  await expect(page.getByRole('img', { name: `Customer signature of invoice ${id}` })).toBeVisible();

  // A Cash transaction, then funded.
  const transaction = page.getByRole('form', { name: 'Add a transaction' });
  await choose(page, transaction, 'Type', 'Cash');
  await transaction.getByRole('spinbutton', { name: /Amount/ }).fill('125.50');
  await transaction.getByRole('button', { name: 'Add transaction' }).click();
  await expectToast(page, 'Transaction added');
  const row = page.getByTestId('invoice-transaction');
  await expect(row).toContainText('Cash $125.50');
  await row.getByRole('button', { name: 'Mark funded' }).click();
  await expectToast(page, 'Transaction funded');
  await expect(row.getByRole('button', { name: 'Mark funded' })).toHaveCount(0);

  // A replacement part.
  await page.getByRole('button', { name: 'Add part' }).click();
  const partDialog = page.getByRole('dialog', { name: 'Add replacement part' });
  await choose(page, partDialog, 'Part type');
  await choose(page, partDialog, 'Status');
  await partDialog.getByLabel('Part number').fill('FW0123');
  await partDialog.getByRole('spinbutton', { name: 'Price' }).fill('310');
  await partDialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Part added');
  await expect(page.getByTestId('invoice-part')).toContainText('FW0123');

  // An accessory added, then removed.
  await choose(page, page.locator('.invoice-extra-sections'), 'Accessories to add');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add accessories' }).click();
  await expectToast(page, 'Accessories added');
  const accessory = page.getByTestId('invoice-accessory');
  await expect(accessory).toHaveCount(1);
  await accessory.getByRole('button', { name: /^Remove / }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Accessory removed');
  await expect(page.getByText('No accessories.')).toBeVisible();
});
