import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, settleAnimations } from './fixtures';

/** Everything on screen that reads the clock: dates, times, ages, pickers, counts, the connection status. */
export function clockMasks(page: Page): Locator[] {
  return [
    page.getByText(
      /\d{1,2}\/\d{1,2}\/\d{2,4}|\d{1,2}:\d{2}\s?[AP]M|\b\d+[dhm] \d+[hm]\b|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \d/,
    ),
    // `.date-field-standin`: the installer's day field, a button showing the day until it is touched.
    page.locator('.ant-picker, .date-field-standin, .count-badge, .connection-status, .ant-badge-count'),
  ];
}

/** Compares the settled screen with its baseline in `<spec>-snapshots/`, the clock masked. */
export async function expectScreen(page: Page, name: string, extraMasks: Locator[] = []) {
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
  await settleAnimations(page);
  // The top bar's Select and Input arrive in their own chunk: wait for them, not their stand-ins.
  await expect(page.locator('.top-bar-field-standin')).toHaveCount(0);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    animations: 'disabled',
    caret: 'hide',
    mask: [...clockMasks(page), ...extraMasks],
    maxDiffPixelRatio: 0.01,
  });
}

/** A screen's recorded answers: the page it was shot on and the answers by path (query left out). */
export interface Recording {
  page: string;
  answers: Record<string, unknown>;
}

/** Rows kept of a recorded list: enough to fill the screen, few enough to read in a review. */
const ROWS = 12;

/** A list answer cut to its first rows (plain arrays, OData pages without their next link, { items, total }). */
function trimmed(body: unknown): unknown {
  if (Array.isArray(body)) return body.slice(0, ROWS);
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    if (Array.isArray(o.value)) {
      const { '@odata.nextLink': _next, ...rest } = o;
      return { ...rest, value: o.value.slice(0, ROWS) };
    }
    if (Array.isArray(o.items)) return { ...o, items: o.items.slice(0, ROWS) };
  }
  return body;
}

const RECORDINGS = path.join(import.meta.dirname, 'visual-recordings');
/** `VISUAL_RECORD=1`: answer from the live server and write the recordings (review them before committing). */
export const RECORDING = process.env.VISUAL_RECORD === '1';

/**
 * Serves the answers of the requests matching `pattern` (GET only) from the recording `name`, so a populated
 * screen shows the same rows whatever other specs wrote and whenever it runs. A request the recording lacks
 * fails the test (the screen asks for something new: record again). With VISUAL_RECORD=1 the live answers
 * are recorded instead; `save` writes them with the page they were shot on.
 */
export async function replay(page: Page, name: string, pattern: RegExp) {
  const file = path.join(RECORDINGS, `${name}.json`);
  const recorded: Recording = RECORDING
    ? { page: '', answers: {} }
    : (JSON.parse(fs.readFileSync(file, 'utf8')) as Recording);
  const missing: string[] = [];
  await page.route(pattern, async (route) => {
    const request = route.request();
    if (request.method() !== 'GET') return route.continue();
    const key = new URL(request.url()).pathname;
    if (RECORDING) {
      const response = await route.fetch();
      const body = trimmed(await response.json());
      recorded.answers[key] = body;
      return route.fulfill({ response, json: body });
    }
    if (!(key in recorded.answers)) {
      missing.push(key);
      return route.abort();
    }
    return route.fulfill({ json: recorded.answers[key] });
  });
  return {
    /** The page the recording was shot on (the public pages' links name records of the recording's database). */
    page: recorded.page,
    /** Writes the recording (recording mode) or fails on answers the recording lacks. */
    done(pageShotOn: string) {
      if (RECORDING) {
        fs.mkdirSync(RECORDINGS, { recursive: true });
        fs.writeFileSync(file, `${JSON.stringify({ ...recorded, page: pageShotOn }, null, 2)}\n`);
      }
      expect(missing, `answers missing from visual-recordings/${name}.json: record again`).toEqual([]);
    },
  };
}
