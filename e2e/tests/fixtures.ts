import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { userName: '101', password: '258036' },
  manager: { userName: '102', password: '369147' },
  leadTech: { userName: '103', password: '471582' },
  adminAssistant: { userName: '104', password: '582693' },
  repairTech: { userName: '105', password: '693704' },
  reviewer: { userName: '106', password: '704815' },
} as const;

/** Types the user name and PIN like a person; the form submits itself at the 6th digit. */
export async function signIn(page: Page, who: { userName: string; password: string } = DEMO.admin) {
  await page.goto('/login');
  await page.getByLabel(/user ?name/i).pressSequentially(who.userName);
  await page.getByLabel(/password/i).pressSequentially(who.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** No serious or critical axe-core violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
