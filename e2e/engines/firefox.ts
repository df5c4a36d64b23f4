/**
 * Firefox: Debian's firefox-esr, headless, driven over WebDriver BiDi with puppeteer-core (no browser
 * download: its executablePath). Each phone is a browser context of its own (an empty profile's state) with a
 * 375 × 812 viewport, touch events on, and fingers for taps and strokes.
 */
import fs from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import type { Phone } from './phone';
import { PHONE } from './webkit';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export function firefoxMissing(): string | null {
  return fs.existsSync(FIREFOX) ? null : `${FIREFOX} is missing: sudo apt-get install -y firefox-esr`;
}

/** Where the phone says it is (the installer's status updates carry it): the Houston shop's yard. */
const WHERE = { latitude: 29.9502, longitude: -95.5005 };

export async function launchFirefox(baseURL: string) {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {
      // A touch screen: touch events exist (ontouchstart), as on a phone.
      'dom.w3c_touch_events.enabled': 1,
      // The location answer without a prompt (headless Firefox cannot show one).
      'geo.prompt.testing': true,
      'geo.prompt.testing.allow': true,
      'geo.provider.network.url': `data:application/json,${JSON.stringify({
        location: { lat: WHERE.latitude, lng: WHERE.longitude },
        accuracy: 10,
      })}`,
    },
  });
  return {
    async newPhone(): Promise<Phone> {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ ...PHONE, hasTouch: true });
      return firefoxPhone(page, baseURL, () => context.close());
    },
    async close() {
      await browser.close();
    },
  };
}

function firefoxPhone(page: Page, baseURL: string, close: () => Promise<void>): Phone {
  const element = async (expression: string) => {
    const el = (await page.evaluateHandle(expression)).asElement() as ElementHandle<Element> | null;
    if (!el) throw new Error(`no element for ${expression.slice(-200)}`);
    return el;
  };
  return {
    engine: 'firefox',
    async goto(path) {
      await page.goto(new URL(path, baseURL).href);
    },
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    async tapElement(expression) {
      await (await element(expression)).tap();
    },
    async typeInto(expression, text) {
      const el = await element(expression);
      await el.tap();
      await el.type(text);
    },
    async stroke(points) {
      const [first, ...rest] = points;
      const finger = await page.touchscreen.touchStart(first.x, first.y);
      for (const p of rest) await finger.move(p.x, p.y);
      await finger.end();
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png`, fullPage: true });
    },
    close,
  };
}
