import type { AddressInfo } from 'node:net';
import * as odatajs from 'ts-odatajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login } from '../../../test/harness.js';
import type { App } from '../../app.js';

/**
 * `$top` is the client's limit on the whole result (OData 4.01 Part 1 §11.2.6.3); the server pages within it
 * (§11.2.5.7, `Prefer: odata.maxpagesize` §8.2.8.3). A client that follows every next link, as Power Query
 * does, must get exactly min($top, @odata.count) rows, each once.
 */
let app: App;
let admin: string;
let origin: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app?.close());

interface Page {
  value: { id: number }[];
  '@odata.count'?: number;
  '@odata.nextLink'?: string;
}

/** One page through ts-odatajs (the Olingo OData client for JavaScript) over real HTTP, with its headers. */
function read(url: string, prefer?: string): Promise<{ page: Page; headers: Record<string, string> }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${admin}`, Accept: 'application/json' };
  if (prefer) headers.Prefer = prefer;
  return new Promise((resolve, reject) => {
    odatajs.oData.read(
      { requestUri: new URL(url, origin).href, headers } as never,
      (data: Page, response: { headers?: Record<string, string> }) => {
        const lower = Object.fromEntries(
          Object.entries(response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
        );
        resolve({ page: data, headers: lower });
      },
      (err: unknown) => reject(err),
    );
  });
}

/** Follows @odata.nextLink from `url` to the end, as a BI tool does (the Prefer header on every request). */
async function readAll(url: string, prefer?: string) {
  const pages: Page[] = [];
  const applied: (string | undefined)[] = [];
  let next: string | undefined = url;
  while (next) {
    const { page, headers } = await read(next, prefer);
    pages.push(page);
    applied.push(headers['preference-applied']);
    next = page['@odata.nextLink'];
    expect(pages.length, 'next links never end').toBeLessThan(200);
  }
  const ids = pages.flatMap((p) => p.value.map((r) => r.id));
  return { pages, ids, count: pages[0]['@odata.count'], applied };
}

const sizes = (pages: Page[]) => pages.map((p) => p.value.length);

describe('$top across next links (a client following every link)', () => {
  // The service vehicle history pages by 500 (its maxTop) with $top, by 100 without.
  const PAGE = 500;
  const history = '/api/ServiceVehicleHistory?$select=id&$count=true';
  let everyId: number[];

  it('the seed has more history rows than a page (else this file proves nothing)', async () => {
    const all = await readAll(history, 'odata.maxpagesize=200');
    expect(all.count).toBeGreaterThan(PAGE + 3);
    expect(all.ids).toHaveLength(all.count!);
    everyId = all.ids;
  });

  it.each([
    ['below', PAGE - 1],
    ['equal to', PAGE],
    ['above', PAGE + 3],
  ])('$top %s the page size: exactly $top rows, one page each of at most the page size', async (_, top) => {
    const { pages, ids, count } = await readAll(`${history}&$top=${top}`);
    expect(count).toBeGreaterThan(top);
    expect(ids).toHaveLength(top);
    expect(sizes(pages).every((n) => n <= PAGE)).toBe(true);
    // A request that asks for no more than a page is one page, without a next link.
    expect(pages).toHaveLength(Math.ceil(top / PAGE));
    // The list's first $top rows in its order, each once.
    expect(ids).toEqual(everyId.slice(0, top));
  });

  it('$top above the whole result: every row, the links stop at @odata.count', async () => {
    const { ids } = await readAll(`${history}&$top=100000`);
    expect(ids).toEqual(everyId);
  });

  it('without $top: every row by next links', async () => {
    const { pages, ids, count } = await readAll(history);
    expect(ids).toEqual(everyId);
    expect(count).toBe(everyId.length);
    // 100 a page without $top (the list's default page)
    expect(sizes(pages)[0]).toBe(100);
  });

  it.each([
    ['below', 4],
    ['equal to', 7],
    ['above', 17],
  ])(
    'Prefer: odata.maxpagesize=7, $top %s it: exactly $top rows in pages of at most 7, Preference-Applied',
    async (_, top) => {
      const { pages, ids, applied } = await readAll(`${history}&$top=${top}`, 'odata.maxpagesize=7');
      expect(ids).toEqual(everyId.slice(0, top));
      expect(sizes(pages)).toEqual(
        Array.from({ length: Math.ceil(top / 7) }, (_, i) => Math.min(7, top - 7 * i)),
      );
      expect(applied.every((h) => h === 'odata.maxpagesize=7')).toBe(true);
    },
  );

  it('a preference above the list page size is capped there, and says so', async () => {
    const { pages, ids, applied } = await readAll(`${history}&$top=${PAGE + 20}`, 'odata.maxpagesize=1000');
    expect(ids).toEqual(everyId.slice(0, PAGE + 20));
    expect(sizes(pages)).toEqual([PAGE, 20]);
    expect(applied[0]).toBe(`odata.maxpagesize=${PAGE}`);
    // Without the preference nothing is claimed.
    expect((await read(`${history}&$top=1`)).headers['preference-applied']).toBeUndefined();
  });

  it('a filtered invoice list: $top=10 is ten rows and no link, though more match', async () => {
    const lost = '/api/Invoices?$select=id&$count=true&$filter=soldTo ne null';
    const { pages, ids, count } = await readAll(`${lost}&$top=10`);
    expect(count).toBeGreaterThan(10);
    expect(pages).toHaveLength(1);
    expect(ids).toHaveLength(10);
  });

  it('the invoice list: $top above the server page size runs on to $top (keyset links), not to the count', async () => {
    const total = (await read('/api/Invoices?$top=0&$count=true')).page['@odata.count']!;
    const top = Math.min(total - 1, 23);
    const { pages, ids } = await readAll(`/api/Invoices?$select=id&$top=${top}`, 'odata.maxpagesize=5');
    expect(ids).toHaveLength(top);
    expect(new Set(ids).size).toBe(top);
    expect(pages.slice(0, -1).every((p) => p['@odata.nextLink']?.includes('$skiptoken='))).toBe(true);
    // The link carries the rows still wanted.
    expect(new URL(pages[0]['@odata.nextLink']!, origin).searchParams.get('$top')).toBe(String(top - 5));
    // Without $top the same links run to the end of the list.
    const all = await readAll(
      '/api/Invoices?$select=id&$count=true',
      `odata.maxpagesize=${Math.ceil(total / 3)}`,
    );
    expect(all.ids).toHaveLength(total);
    expect(all.pages).toHaveLength(3);
  });
});
