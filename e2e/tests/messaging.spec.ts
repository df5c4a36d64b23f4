import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, toast } from './fixtures';

/**
 * Issue 4: two people in two browsers message each other, get alerted live and hand a record over
 * through a parked line (spec 1 §2, §4, §5). Everything B sees arrives without a reload.
 */

const bearer = async (page: Page) => {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
};

test('A messages B, B replies live, A parks an invoice for B and B clears it', async ({
  browser,
  baseURL,
}) => {
  const contextA = await browser.newContext({ baseURL });
  const contextB = await browser.newContext({ baseURL });
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  await signIn(a, DEMO.admin);
  await signIn(b, DEMO.manager);

  // Both real-time clients connect (footer status).
  await expect(a.getByRole('status', { name: /Real-time connection: connected/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(b.getByRole('status', { name: /Real-time connection: connected/ })).toBeVisible({
    timeout: 20_000,
  });
  const bName = (await b.getByTestId('top-bar-user').textContent())?.trim() ?? '';
  const subject = `Windshield check ${Date.now()}`;

  // A starts a conversation with B.
  await a.getByRole('button', { name: 'Open Messages' }).click();
  await a.getByRole('button', { name: 'New Conversation' }).click();
  // Validation first.
  await a.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(a.getByText('Please enter a subject')).toBeVisible();
  await expect(a.getByText('Please enter a message')).toBeVisible();
  await a.getByLabel('Subject', { exact: true }).fill(subject);
  await a.getByLabel('Message', { exact: true }).fill('Can you look at this one?');
  const recipients = a.getByRole('combobox', { name: 'Recipients' });
  await recipients.click();
  await recipients.fill(bName.split(' ')[0] ?? bName);
  await a.keyboard.press('Enter');
  await a.keyboard.press('Escape');
  await expectAccessible(a);
  await a.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(toast(a, 'conversation started successfully')).toBeVisible();

  // B: badge, title (1) and drawer update without a reload.
  await expect(b.getByTestId('alerts-button')).toHaveAccessibleName('Notifications (1)');
  await expect(b).toHaveTitle(/^\(1\) /);
  await b.getByTestId('alerts-button').click();
  await expect(b.getByRole('list', { name: 'Notifications' })).toContainText('New Message');
  await expectAccessible(b);
  await b.keyboard.press('Escape');
  await b.getByRole('button', { name: 'Open Messages' }).click();
  const conversationB = b.getByRole('article', { name: new RegExp(subject) });
  await expect(conversationB).toContainText('Can you look at this one?');
  await expect(b.locator('.ant-ribbon', { hasText: 'New' }).first()).toBeVisible();
  await expectAccessible(b);

  // Reply validation, then B replies; A's open drawer shows it live.
  await conversationB.getByRole('button', { name: 'Send' }).click();
  await expect(conversationB.getByText('Please enter your reply')).toBeVisible();
  await conversationB.getByLabel(`Reply to ${subject}`).fill('On it.');
  await conversationB.getByRole('button', { name: 'Send' }).click();
  await expect(toast(b, 'reply sent successfully')).toBeVisible();
  await expect(a.getByRole('article', { name: new RegExp(subject) })).toContainText('On it.');

  // B marks the conversation read by clicking the last message.
  await conversationB.getByTestId('latest-message').click();
  await b.keyboard.press('Escape');

  // A parks an invoice for B through the API; B's footer shows it.
  const headersA = await bearer(a);
  const headersB = await bearer(b);
  const self = await (await b.request.get('/api/self', { headers: headersB })).json();
  const invoices = await (
    await a.request.get('/api/Invoices?$top=1&$select=id&$orderby=id desc', { headers: headersA })
  ).json();
  const invoiceId = invoices.value[0].id as number;
  const parked = await (await a.request.get('/api/ParkedItemsOdata?$top=100', { headers: headersA })).json();
  const taken = new Set((parked.value as Array<{ parkLine: number }>).map((p) => p.parkLine));
  let line = 1;
  while (taken.has(line)) line += 1;
  const park = await a.request.post(`/api/Invoices/${invoiceId}/park`, {
    headers: headersA,
    data: { parkLine: line, parkedForUserId: self.id ?? self.user?.id },
  });
  expect(park.ok(), await park.text()).toBe(true);

  await b.getByRole('button', { name: /^Parked items/ }).click();
  const slot = b.getByTestId(`park-line-${line}`);
  await expect(slot).toHaveAccessibleName(new RegExp(`Line ${line}: Invoice ${invoiceId}.*Clear`));
  await expectAccessible(b);

  // B clears it.
  await slot.click();
  await expect(toast(b, 'Alert removed successfully')).toBeVisible();
  await expect(slot).toHaveAccessibleName(`Line ${line}: empty`);

  await contextA.close();
  await contextB.close();
});

test('works at 375 px: drawers full width, notifications empty state', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/new-home');
  await page.getByTestId('alerts-button').click();
  const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: 'Notifications' });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(370);
  await expectAccessible(page);
});

test('Subscription Settings saves only the changed row', async ({ page }) => {
  await page.goto('/new-home');
  await page.getByRole('button', { name: 'Subscriptions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscription Settings' });
  // One row per group: name, description, then a Never and an Always radio (spec 1 §2: four columns).
  const group = dialog.locator('tbody tr.ant-table-row').first();
  await expect(group).toBeVisible();
  await expectAccessible(page);
  // Read the choice once the settings have settled (a start-up refetch may still replace the first answer).
  await page.waitForLoadState('networkidle');
  const always = group.getByRole('radio', { name: 'Always' });
  const wasAlways = await always.isChecked();
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/Subscriptions/')) puts.push(r.url());
  });
  await group.getByRole('radio', { name: wasAlways ? 'Never' : 'Always' }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  expect(puts).toHaveLength(1);
  // Put it back.
  await page.getByRole('button', { name: 'Subscriptions' }).click();
  await expect(always).toBeChecked({ checked: !wasAlways });
  await group.getByRole('radio', { name: wasAlways ? 'Always' : 'Never' }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  expect(puts).toHaveLength(2);
});
