import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

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

/** Waits until no finite CSS animation or transition runs (endless spinners do not count). */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/**
 * No serious or critical axe-core violations on the current page, or only inside `include` (a CSS
 * selector, e.g. an open dialog whose page behind was already checked: axe on a whole page is slow).
 */
export async function expectAccessible(page: Page, include?: string) {
  // A dialog still fading or zooming in has partly transparent text, which axe reports as low contrast.
  await settleAnimations(page);
  // And a change that starts after that (a button whose loading state ends fades from 65 % opacity over
  // 0.2 s) is drawn at once while axe measures: transitions and animations off for the check only.
  await page.evaluate((css) => {
    const still = document.createElement('style');
    still.id = 'e2e-axe-still';
    still.textContent = css;
    document.head.append(still);
  }, '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }');
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder
    .analyze()
    .finally(() =>
      page.evaluate(() => document.getElementById('e2e-axe-still')?.remove()).catch(() => undefined),
    );
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const found: string[] = [];
  for (const v of bad) {
    const nodes = v.id === 'color-contrast' ? await contrastWhenVisible(page, v.nodes) : v.nodes;
    if (nodes.length) found.push(`${v.id}: ${nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  expect(found).toEqual([]);
}

/**
 * The contrast failures that remain once the text is scrolled into view. axe measures text where it
 * lies: a calendar entry scrolled out of its scroll box (an appointment at 00:15 while the day opens at
 * 08:00) is measured against whatever is drawn at that spot, which is not what anyone reads.
 */
async function contrastWhenVisible<N extends { target: unknown[] }>(page: Page, nodes: N[]): Promise<N[]> {
  const selectorOf = (n: N) =>
    n.target.length === 1 && typeof n.target[0] === 'string' ? n.target[0] : null;
  // Which texts lie outside a scroll box, decided for all before anything is scrolled.
  const outside = await Promise.all(
    nodes.map(async (node) => {
      const selector = selectorOf(node);
      if (!selector) return false;
      return page.locator(selector).evaluate((el) => {
        const r = el.getBoundingClientRect();
        for (let box = el.parentElement; box; box = box.parentElement) {
          const { overflowX, overflowY } = getComputedStyle(box);
          if (!/auto|scroll|hidden/.test(overflowX + overflowY)) continue;
          const b = box.getBoundingClientRect();
          if (r.top < b.top || r.bottom > b.bottom || r.left < b.left || r.right > b.right) return true;
        }
        return false;
      });
    }),
  );
  const kept: N[] = [];
  for (const [i, node] of nodes.entries()) {
    const selector = selectorOf(node);
    if (!outside[i] || !selector) {
      kept.push(node);
      continue;
    }
    await page.locator(selector).evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
    const again = await new AxeBuilder({ page }).include(selector).withRules(['color-contrast']).analyze();
    if (again.violations.length) kept.push(node);
  }
  return kept;
}

export type Who = { userName: string; password: string };

/** The key the web app keeps the bearer token under (apps/web/src/api/auth-token.ts). */
export const TOKEN_KEY = 'authToken';
/** The 5-minute local cache of the start-up data (apps/web/src/api/session-cache.ts). */
export const SESSION_CACHE_KEY = 'sessionState';

/** Signs in through the API (no browser) and returns the bearer token. */
export async function apiLogin(request: APIRequestContext, who: Who): Promise<string> {
  const res = await request.post('/api/login', { data: { ...who, tzo: 300 } });
  expect(res.status(), `login of user ${who.userName}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The token the page holds right now. */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(token, 'a stored auth token').toBeTruthy();
  return token as string;
}

/** Calls the API with the page's own token, as the app would. */
export async function apiAs(page: Page) {
  const token = await pageToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> => {
    const res = await page.request.fetch(path, { method, headers, data });
    expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    token,
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, data?: unknown) => call<T>('POST', path, data),
    put: <T>(path: string, data?: unknown) => call<T>('PUT', path, data),
  };
}

/** An antd toast (message) with exactly this text. */
/**
 * The newest toast with exactly this text: the same text shown twice in a row (two fundings, a check-out then
 * a check-in) leaves the first one fading out while the second appears.
 */
/**
 * antd component styles (selectors under antd's hashed `:where(.css-…)`) inserted at run time rather than found in
 * a built stylesheet (decision 0026); the per-component token variables (`.css-var-…`) are keyed by React ids and
 * are always written at run time, cheaply.
 */
export const runtimeComponentStyles = (page: Page) =>
  page.evaluate(
    () =>
      Array.from(document.querySelectorAll('style[data-css-hash]')).filter((s) =>
        (s.textContent ?? '').includes(':where(.css-'),
      ).length,
  );

export const toast = (page: Page, text: string) =>
  page
    .locator('.ant-message-notice')
    .filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) })
    .last();

/**
 * Every toast text the page has shown, recorded as its notice enters the document (the `context` fixture adds
 * this to every page of the test's context). A success toast lasts 1 s (spec 1 §9); on a busy machine a poll for
 * it can come before it and after it, often when the action also navigates.
 */
function recordToasts() {
  const seen: string[] = [];
  Object.assign(window, { __e2eToasts: seen });
  // A notice updated in place (same key: "Processing" then the outcome) is recorded with each of its texts.
  const last = new WeakMap<Element, string>();
  new MutationObserver(() => {
    for (const notice of Array.from(document.querySelectorAll('.ant-message-notice'))) {
      const text = notice.textContent?.trim() ?? '';
      if (!text || last.get(notice) === text) continue;
      last.set(notice, text);
      seen.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * The toast `text` was shown (once per call: a later call waits for the next one with that text). Pages made
 * outside the test's context (a second browser) have no record: there the toast must be on screen while polled.
 */
export async function expectToast(page: Page, text: string, timeout?: number) {
  await expect
    .poll(
      () =>
        page
          .evaluate((wanted) => {
            const seen = (window as { __e2eToasts?: string[] }).__e2eToasts;
            if (seen) {
              const at = seen.indexOf(wanted);
              if (at >= 0) seen.splice(at, 1);
              return at >= 0;
            }
            return Array.from(document.querySelectorAll('.ant-message-notice')).some(
              (n) => n.textContent?.trim() === wanted,
            );
          }, text)
          // A navigation under way (the app reloading itself) destroys the page's context: poll again after it.
          .catch(() => false),
      { message: `the toast "${text}"`, timeout },
    )
    .toBe(true);
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The document title, allowing the "(N) " prefix of pending alerts (spec 1 §1). */
export const screenTitle = (title: string) => new RegExp(`^(\\(\\d+\\) )?${escapeRegExp(title)}$`);

/**
 * Tests that start signed in: the `user` option (default 101) gets one API login per worker, and every
 * test's browser context starts with that token in local storage, so no test pays for the login screen.
 * Tests that end or replace their session (logout, 401, password change) sign in on their own instead.
 */
export const test = base.extend<{ user: Who }, { tokens: Map<string, string> }>({
  user: [DEMO.admin, { option: true }],
  context: async ({ context }, use) => {
    await context.addInitScript(recordToasts);
    await use(context);
  },
  tokens: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies destructured.
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  storageState: async ({ user, tokens, baseURL, playwright }, use) => {
    let token = tokens.get(user.userName);
    if (!token) {
      const request = await playwright.request.newContext({ baseURL });
      token = await apiLogin(request, user);
      await request.dispose();
      tokens.set(user.userName, token);
    }
    await use({
      cookies: [],
      origins: [{ origin: baseURL as string, localStorage: [{ name: TOKEN_KEY, value: token }] }],
    });
  },
});
export { expect };

export interface SearchFound {
  invoices: Array<{ id: number; customerPhone?: string | null }>;
  serviceVehicles: Array<{ id: number }>;
}

/** GET /api/search with the page's token, as the Search drawer sends it. */
export async function apiSearch(page: Page, query: Record<string, string | number>): Promise<SearchFound> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return (await apiAs(page)).get<SearchFound>(`/api/search?${params}`);
}

/**
 * A customer last name with a handful of results (several invoices, not a page of 100 rows), taken
 * from the seeded invoices, so the results modal is realistic and quick to render and check.
 */
export async function lastNameWithSeveralResults(page: Page) {
  const api = await apiAs(page);
  const list = await api.get<{ value: Array<{ soldTo: string | null }> }>(
    '/api/Invoices?$top=10&$select=id,soldTo&$orderby=id',
  );
  for (const { soldTo } of list.value) {
    const lastName = soldTo?.trim().split(/\s+/).pop();
    if (!lastName) continue;
    const found = await apiSearch(page, { lastName });
    const count = found.invoices.length + found.serviceVehicles.length;
    if (count > 1 && count <= 40 && found.invoices.length > 0) return { lastName, found, count };
  }
  throw new Error('no seeded last name with several search results');
}
