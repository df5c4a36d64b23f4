import type { Browser, Page } from '@playwright/test';
import { apiAs, expect, expectAccessible, settleAnimations, test, expectToast } from './fixtures';

/**
 * Customer approvals and the public customer pages (issue #19), on a phone (375 px): staff request an
 * approval by text, the customer opens the texted link, signs with the pointer and approves, and the
 * staff's Customer Approvals screen shows the answer without a reload; links that do not open show the
 * neutral page, and the initiate page without its token reveals nothing.
 */
test.use({ viewport: { width: 375, height: 812 } });

const PHONE = { width: 375, height: 812 };
/** Chunks of staff screens: none of them may load on a public page. */
const STAFF_CHUNK =
  /\/assets\/(app-layout|invoice-page|approvals-page|footer-items|home-tiles|tile-screen|service-vehicle|messages-drawer|list-page)[-.]/;

/** A fresh invoice of its own with a priced repair and a deductible (as the API tests make theirs). */
async function newInvoice(page: Page) {
  await page.goto('/');
  const api = await apiAs(page);
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: 1,
    repairCount: 1,
    vehicle: { make: 'Toyota', model: 'Camry', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EA${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Dana',
      lastName: 'Approves',
      contact: { primaryPhone: { phone: '(713) 555-0186', phoneTypeId: 2 } },
    },
  });
  const { invoiceId } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  await api.post('/api/InvoiceRepairs', { invoiceId, description: 'Windshield chip', amount: 89.5 });
  const token = api.token;
  const patched = await page.request.patch(`/api/Invoices/${invoiceId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { deductibleAmount: 25, insuranceCompanyId: 1 },
  });
  expect(patched.ok()).toBe(true);
  return invoiceId;
}

/** A customer's phone: a browser context of its own, no token, no stored state. */
async function customerPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ viewport: PHONE, baseURL });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  return { context, page, scripts };
}

/** Draws a zigzag on the signature canvas with the pointer (mouse events: pointer events on the canvas). */
async function sign(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++)
    await page.mouse.move(box.x + 20 + step * 22, box.y + box.height / 2 + (step % 2 ? -30 : 30));
  await page.mouse.up();
}

test('the customer approves from the texted link on a phone; the staff screen shows it without a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const id = await newInvoice(page);

  // Staff: the invoice's Customer approvals section, Request approval by text (the customer's cell prefilled).
  await page.goto(`/invoices/${id}`);
  const section = page.getByTestId('invoice-approvals');
  await section.getByRole('button', { name: 'Request approval' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request customer approval' });
  await expect(dialog.getByLabel('Phone number')).toHaveValue('(713) 555-0186');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expectToast(page, 'Approval request texted to (713) 555-0186');
  await expect(section.getByTestId('approval-state')).toHaveText('Sent');

  // The text in the outbox carries the absolute link.
  const api = await apiAs(page);
  const outbox = await api.get<{ value: Array<{ body: string; recordId: number | null }> }>(
    '/api/notify/outbox?channel=sms&$top=20',
  );
  const text = outbox.value.find((m) => m.recordId === id && m.body.includes('/sign-approval/'));
  const link = /https?:\/\/\S+\/sign-approval\/[0-9a-f-]{36}/.exec(text?.body ?? '')?.[0];
  expect(link, 'the approval link in the text').toBeTruthy();

  // Staff wait on the Customer Approvals screen.
  await page.goto('/customer-approvals');
  const card = page.getByRole('article', { name: `Invoice ${id}, Dana Approves` });
  await expect(card.getByTestId('approval-state')).toHaveText('Sent');
  await expectAccessible(page);

  // The customer, on their phone: the brand, the work and its money, the signature pad.
  const phone = await customerPhone(browser, baseURL);
  await phone.page.goto(new URL(link as string).pathname);
  await expect(phone.page.getByRole('heading', { name: 'Review and approve' })).toBeVisible();
  await expect(phone.page.getByText('Windshield chip')).toBeVisible();
  await expect(phone.page.getByText('Your share (deductible): $25.00')).toBeVisible();
  await expectAccessible(phone.page);
  const noSideScroll = await phone.page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
  expect(noSideScroll, 'no sideways scrolling at 375 px').toBe(true);
  await phone.page.screenshot({ path: test.info().outputPath('approval-375.png'), fullPage: true });

  // Approving without signing asks for the signature; then sign with the pointer and approve.
  await phone.page.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.page.getByRole('alert')).toHaveText('Please sign, or type your name, to approve.');
  await sign(phone.page);
  await phone.page.getByLabel('Comments (optional)').fill('Thanks, go ahead');
  await phone.page.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.page.getByText('Thank you. Your approval was sent to the shop.')).toBeVisible();
  expect(
    phone.scripts.filter((s) => STAFF_CHUNK.test(s)),
    'staff screens loaded on a public page',
  ).toEqual([]);

  // The staff screen shows the answer without a reload (the requester's alert refreshes it).
  await expect(card.getByTestId('approval-state')).toHaveText('Approved');
  await expect(page.getByTestId('alerts-button')).toHaveAccessibleName(/Notifications \([1-9]\d*\)/);

  // Opening the link again: answered once, thanks only.
  await phone.page.reload();
  await expect(phone.page.getByRole('heading', { name: 'Approved' })).toBeVisible();
  await phone.context.close();

  // The invoice's section: approved, with the signature.
  await page.goto(`/invoices/${id}`);
  await expect(section.getByTestId('approval-state')).toHaveText('Approved');
  await section.getByRole('button', { name: 'View signature' }).click();
  await expect(page.getByRole('img', { name: 'Customer approval signature' })).toBeVisible();
});

test('links that do not open show the neutral page, never an error screen or the login', async ({
  browser,
  baseURL,
}) => {
  const phone = await customerPhone(browser, baseURL);
  for (const path of [
    '/sign-approval/0b0c2a4e-5d6f-4a8b-9c0d-1e2f3a4b5c6d',
    '/sign-approval/not-a-link',
    '/customer-opt-in/AAAAAAAAAAAAAAAAAAAAAA',
  ]) {
    const response = await phone.page.goto(path);
    expect(response?.headers()['cache-control'], path).toBe('no-store');
    expect(response?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    await expect(phone.page.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
    await expect(phone.page.getByTestId('invalid-link-contact')).toHaveText(
      'Please call Lone Star Auto Glass at (281) 894-4520 for a new link or with any question.',
    );
    expect(new URL(phone.page.url()).pathname).toBe(path);
    await expect(phone.page.getByText('Something went wrong')).toHaveCount(0);
  }
  await settleAnimations(phone.page);
  await expectAccessible(phone.page);
  expect(phone.scripts.filter((s) => STAFF_CHUNK.test(s))).toEqual([]);
  await phone.context.close();
});

test('the initiate page opens with its signed link only; without the token it reveals nothing', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = await newInvoice(page);
  await page.goto(`/invoices/${id}`);
  await page.getByTestId('invoice-approvals').getByRole('button', { name: 'Signature link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customer signature link' });
  const link = (await dialog.getByTestId('initiate-link').textContent())?.trim() ?? '';
  expect(link).toMatch(new RegExp(`/sign-initiate/${id}\\?t=`));
  await expectAccessible(page, '.ant-modal-wrap');

  const phone = await customerPhone(browser, baseURL);
  // Without the token, and with it on another invoice: the neutral page, the same as an unknown link.
  for (const path of [`/sign-initiate/${id}`, `/sign-initiate/${id + 1}${new URL(link).search}`]) {
    await phone.page.goto(path);
    await expect(phone.page.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
    await expect(phone.page.getByText('Windshield chip')).toHaveCount(0);
  }
  // With it: the customer signs with a typed name (the keyboard alternative) and authorises the work.
  const url = new URL(link);
  await phone.page.goto(`${url.pathname}${url.search}`);
  await expect(phone.page.getByRole('heading', { name: 'Authorise the work' })).toBeVisible();
  await phone.page.getByLabel("Or type the signer's name").fill('Dana Approves');
  await phone.page.getByRole('button', { name: 'Sign and authorise' }).click();
  await expect(phone.page.getByRole('heading', { name: 'Work authorised' })).toBeVisible();
  await phone.context.close();
  const detail = await (await apiAs(page)).get<{ signed: boolean }>(`/api/Invoices/${id}`);
  expect(detail.signed).toBe(true);
});
