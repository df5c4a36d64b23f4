/**
 * A phone in one engine (WebKit through WebKitWebDriver, Firefox through WebDriver BiDi), driven through the
 * few operations the journeys need. Elements are found in the page by role and accessible name, roughly as a
 * person reads the screen (the page-side finder below), then tapped or typed into by the engine's own input.
 */
import assert from 'node:assert/strict';

export type Name = string | RegExp;
export type Target =
  | {
      role: 'button' | 'heading' | 'article' | 'dialog' | 'field' | 'checkbox' | 'text';
      name: Name;
      within?: Target;
    }
  | { role: 'testid' | 'css'; name: string; within?: Target };

export interface Phone {
  readonly engine: 'webkit' | 'firefox';
  /** Opens a path of the test server. */
  goto(path: string): Promise<void>;
  /** The value of a JavaScript expression evaluated in the page (JSON-serialisable). */
  evaluate<T>(expression: string): Promise<T>;
  /** A finger tap (WebKitGTK: a pointer click, see README) on the element the expression yields. */
  tapElement(expression: string): Promise<void>;
  /** Focuses the element the expression yields and types the text with key events. */
  typeInto(expression: string, text: string): Promise<void>;
  /** A stroke through the points (viewport CSS pixels) with the finger (WebKitGTK: the pointer). */
  stroke(points: Array<{ x: number; y: number }>): Promise<void>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

const serialise = (t: Target): unknown => ({
  ...t,
  name: t.name instanceof RegExp ? { re: t.name.source, flags: t.name.flags } : { text: t.name },
  within: t.within ? serialise(t.within) : undefined,
});

/**
 * The page-side finder, as source text: it is evaluated in the browser, so it must not pass through a
 * transpiler that adds helpers (tsx's name-keeping helper does not exist in the page).
 */
const FINDER = String.raw`(function find(t) {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const matches = (value, name) =>
    name.re !== undefined ? new RegExp(name.re, name.flags).test(value) : value === name.text;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const byIds = (ids) => norm((ids || '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
  const nameOf = (el) => norm(el.getAttribute('aria-label')) || byIds(el.getAttribute('aria-labelledby')) || norm(el.textContent);
  const fieldName = (el) =>
    norm(el.getAttribute('aria-label')) || norm(el.labels && el.labels[0] ? el.labels[0].textContent : '') || norm(el.placeholder);
  const scope = t.within ? find(t.within) : document;
  if (!scope) return null;
  const all = (selector) => Array.from(scope.querySelectorAll(selector)).filter(visible);
  switch (t.role) {
    case 'button': return all('button,[role=button],a').find((el) => matches(nameOf(el), t.name)) || null;
    case 'heading': return all('h1,h2,h3,h4,[role=heading]').find((el) => matches(nameOf(el), t.name)) || null;
    case 'article': return all('[role=article]').find((el) => matches(nameOf(el), t.name)) || null;
    case 'dialog': return all('[role=dialog]').find((el) => matches(nameOf(el), t.name)) || null;
    case 'field': return all('input,textarea').find((el) => matches(fieldName(el), t.name)) || null;
    case 'checkbox': return all('label').find((el) => el.querySelector('input[type=checkbox]') && matches(norm(el.textContent), t.name)) || null;
    case 'testid': return all('[data-testid="' + t.name.text + '"]')[0] || null;
    case 'css': return all(t.name.text)[0] || null;
    case 'text': {
      // The innermost element whose whole text matches (a paragraph, not the page around it).
      const hits = all('body *').filter((el) => matches(norm(el.textContent), t.name));
      return hits.find((el) => !hits.some((other) => other !== el && el.contains(other))) || null;
    }
  }
  return null;
})`;

/** A page expression yielding the element of `t` (or null). */
export const elementOf = (t: Target) => `${FINDER}(${JSON.stringify(serialise(t))})`;

export const describeTarget = (t: Target): string =>
  `${t.role} ${t.name instanceof RegExp ? t.name : JSON.stringify(t.name)}${t.within ? ` in ${describeTarget(t.within)}` : ''}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers a value that is not null/undefined/false; the failure names what was awaited. */
export async function until<T>(
  phone: Phone,
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeout = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check().catch(() => null);
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) {
      const text = await phone
        .evaluate<string>(`document.body ? document.body.innerText : ''`)
        .catch((e: Error) => `(page unreadable: ${e.message})`);
      const url = await phone.evaluate<string>('location.href').catch(() => '?');
      assert.fail(
        `${phone.engine}: waited ${timeout} ms for ${what} on ${url}; the page reads:\n${text.slice(0, 1500)}`,
      );
    }
    await sleep(150);
  }
}

/** Waits for the element to be on screen. */
export const waitFor = (phone: Phone, t: Target, timeout?: number) =>
  until(phone, describeTarget(t), () => phone.evaluate<boolean>(`!!${elementOf(t)}`), timeout);

/** Waits until the element is gone (or never was). */
export const waitGone = (phone: Phone, t: Target, timeout?: number) =>
  until(phone, `no ${describeTarget(t)}`, () => phone.evaluate<boolean>(`!${elementOf(t)}`), timeout);

/** The element's text (spaces normalised), once it is on screen. */
export async function textOf(phone: Phone, t: Target): Promise<string> {
  await waitFor(phone, t);
  return phone.evaluate<string>(`(${elementOf(t)}).innerText.replace(/\\s+/g, ' ').trim()`);
}

export async function tap(phone: Phone, t: Target) {
  await waitFor(phone, t);
  await phone.tapElement(elementOf(t));
}

export async function type(phone: Phone, t: Target, text: string) {
  await waitFor(phone, t);
  await phone.typeInto(elementOf(t), text);
}

/**
 * Draws a zigzag across the element with the finger; answers the pointer types the page saw
 * ('touch' in Firefox; WebKitGTK's WebDriver delivers touch actions as 'mouse').
 */
export async function drawOn(phone: Phone, t: Target): Promise<string[]> {
  await waitFor(phone, t);
  const box = await phone.evaluate<{ x: number; y: number; width: number; height: number }>(`(() => {
    const el = ${elementOf(t)};
    el.scrollIntoView({ block: 'center' });
    window.__pointerTypes = [];
    el.addEventListener('pointerdown', (e) => window.__pointerTypes.push(e.pointerType));
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  })()`);
  const points = Array.from({ length: 12 }, (_, step) => ({
    x: Math.round(box.x + 20 + step * ((box.width - 40) / 11)),
    y: Math.round(box.y + box.height / 2 + (step % 2 ? -30 : 30)),
  }));
  await phone.stroke(points);
  return phone.evaluate<string[]>('window.__pointerTypes');
}

/** The page scrolls sideways at this width (nothing may be wider than the phone). */
export const scrollsSideways = (phone: Phone) =>
  phone.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth');
