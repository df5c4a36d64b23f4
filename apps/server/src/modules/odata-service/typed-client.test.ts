import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@sap-cloud-sdk/generator';
import { asc, desc } from '@sap-cloud-sdk/odata-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login } from '../../../test/harness.js';
import type { App } from '../../app.js';

/**
 * Issue #13 item 14: a developer generates a typed client from our `$metadata` with a maintained
 * generator from npm (the SAP Cloud SDK's OData client generator) and queries a list through it, over
 * real HTTP with the bearer token. The client is generated into node_modules/.cache (so its imports of
 * @sap-cloud-sdk/odata-v4 resolve) and removed afterwards.
 */
let app: App;
let admin: string;
let base: string;
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const work = path.join(serverRoot, 'node_modules/.cache', `glass-typed-odata-client-${process.pid}`);

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  await app?.close();
});

describe('a client generated from $metadata by a maintained generator', () => {
  it('generates typed entity APIs and runs a filtered, ordered, selected query', async () => {
    const res = await fetch(`${base}/api/$metadata`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    fs.mkdirSync(path.join(work, 'in'), { recursive: true });
    const input = path.join(work, 'in', 'glass.edmx');
    fs.writeFileSync(input, await res.text());
    // The generator keys its per-service options by the input's path relative to the working directory.
    const key = path.relative(process.cwd(), input).split(path.sep).join('/');
    fs.writeFileSync(
      path.join(work, 'options.json'),
      JSON.stringify({ [key]: { directoryName: 'glass', basePath: '/api' } }),
    );
    await generate({
      input: path.join(work, 'in'),
      outputDir: path.join(work, 'out'),
      optionsPerService: path.join(work, 'options.json'),
      overwrite: true,
      // The generator refuses names it would have to change; ours are valid as they are.
      skipValidation: false,
      generateESM: true,
    } as Parameters<typeof generate>[0]);
    const dir = path.join(work, 'out', 'glass');
    expect(fs.existsSync(path.join(dir, 'InvoicesApi.ts'))).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'Invoices.ts'), 'utf8')).toContain(
      "followUpAt?: DeserializedType<T, 'Edm.DateTimeOffset'> | null;",
    );

    const client = await import(/* @vite-ignore */ path.join(dir, 'index.ts'));
    const { invoicesApi } = client.glass();
    const { schema } = invoicesApi;
    const page = await invoicesApi
      .requestBuilder()
      .getAll()
      .select(schema.ID, schema.TOTAL_COST, schema.OPEN_DATE_TIME, schema.FOLLOW_UP_AT, schema.LOST)
      .filter(schema.LOST.equals(false), schema.TOTAL_COST.greaterThan(0))
      .orderBy(asc(schema.FOLLOW_UP_AT), desc(schema.ID))
      .top(5)
      .addCustomHeaders({ authorization: `Bearer ${admin}` })
      .execute({ url: base });
    expect(page).toHaveLength(5);
    for (const row of page) {
      // Typed values: ids are numbers, money a BigNumber, dates moments.
      expect(typeof row.id).toBe('number');
      expect(row.totalCost.isGreaterThan(0)).toBe(true);
      expect(row.openDateTime.isValid()).toBe(true);
      expect(row.lost).toBe(false);
    }
    // The same rows the raw feed answers for the same query.
    const raw = await fetch(
      `${base}/api/Invoices?$select=id&$filter=lost eq false and totalCost gt 0&$orderby=followUpAt asc,id desc&$top=5`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    const ids = ((await raw.json()) as { value: { id: number }[] }).value.map((r) => r.id);
    expect(page.map((r: { id: number }) => r.id)).toEqual(ids);

    // Without the token the generated client gets the server's 401.
    await expect(invoicesApi.requestBuilder().getAll().top(1).execute({ url: base })).rejects.toThrow();
    // Generating takes seconds (the generator formats every file); a loaded machine needs more.
  }, 180_000);
});
