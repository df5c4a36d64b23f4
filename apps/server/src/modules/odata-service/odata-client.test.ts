import type { AddressInfo } from 'node:net';
import * as odatajs from 'ts-odatajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login } from '../../../test/harness.js';
import type { App } from '../../app.js';

let app: App;
let admin: string;
let base: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/`;
});
afterAll(() => app?.close());

const get = (url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** ts-odatajs (the Olingo OData client for JavaScript) reading through its callbacks, over real HTTP. */
function read<T>(
  request: { requestUri: string; headers: Record<string, string> },
  handler?: unknown,
  metadata?: unknown,
): Promise<T> {
  return new Promise((resolve, reject) => {
    odatajs.oData.read(
      request as never,
      (data: T) => resolve(data),
      (err: unknown) => reject(err),
      handler as never,
      undefined,
      metadata as never,
    );
  });
}

describe('a standard OData client reads the service', () => {
  it('$metadata is CSDL XML a client library reads, and the client queries a list with it', async () => {
    const res = await get('/api/$metadata', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<EntitySet Name="Invoices" EntityType="Glass.Invoices"/>');
    expect((await get('/api/$metadata?$format=json', admin)).statusCode).toBe(501);

    const headers = { Authorization: `Bearer ${admin}`, Accept: 'application/json' };
    const metadata = await read<any>(
      { requestUri: `${base}$metadata`, headers: { ...headers, Accept: 'application/xml' } },
      odatajs.oData.metadataHandler,
    );
    const schema = metadata.dataServices.schema[0];
    expect(schema.namespace).toBe('Glass');
    const sets = schema.entityContainer.entitySet.map((s: any) => s.name);
    expect(sets).toContain('Invoices');
    expect(sets).toContain('ServiceVehicles');
    const invoice = schema.entityType.find((t: any) => t.name === 'Invoices');
    expect(invoice.key.propertyRef).toEqual([{ name: 'id' }]);
    const prop = (name: string) => invoice.property.find((p: any) => p.name === name);
    expect(prop('id')).toMatchObject({ type: 'Edm.Int32', nullable: 'false' });
    expect(prop('openDateTime')).toMatchObject({ type: 'Edm.DateTimeOffset', nullable: 'false' });
    expect(prop('followUpAt')).toMatchObject({ type: 'Edm.DateTimeOffset' });
    expect(prop('followUpAt').nullable).toBeUndefined();
    expect(prop('vehicleDetails')).toMatchObject({ type: 'Glass.Invoices_vehicleDetails' });
    const vehicle = schema.complexType.find((t: any) => t.name === 'Invoices_vehicleDetails');
    expect(vehicle.property.map((p: any) => p.name)).toEqual(['year', 'make', 'model']);
    const conversation = schema.entityType.find((t: any) => t.name === 'Conversations');
    expect(conversation.navigationProperty.map((n: any) => [n.name, n.type])).toEqual([
      ['messages', 'Collection(Glass.Conversations_messages)'],
      ['recipients', 'Collection(Glass.Conversations_recipients)'],
    ]);

    // Every entity type a set names exists, with a key the type declares.
    for (const set of schema.entityContainer.entitySet) {
      const type = schema.entityType.find((t: any) => `Glass.${t.name}` === set.entityType);
      expect(type, set.name).toBeDefined();
      for (const ref of type.key.propertyRef)
        expect(
          type.property.map((p: any) => p.name),
          set.name,
        ).toContain(ref.name);
    }

    // A query through the client, with the metadata it read.
    const page = await read<any>(
      {
        requestUri: `${base}Invoices?$select=id,openDateTime,followUpAt&$orderby=followUpAt asc&$top=5&$count=true`,
        headers,
      },
      undefined,
      metadata,
    );
    expect(page['@odata.context']).toMatch(/\/api\/\$metadata#Invoices$/);
    expect(page['@odata.count']).toBeGreaterThan(5);
    expect(page.value).toHaveLength(5);
    for (const row of page.value)
      expect(Object.keys(row)).toEqual(expect.arrayContaining(['id', 'openDateTime']));
  });
});
