import type { App } from '../../app-type.js';
import { checkContract } from '../../../test/contract-check.js';
import { auth, createTestApp, DEMO, login } from '../../../test/harness.js';

/** A valid VIN (check digit 3, model-year code 3: 2003). */
export const VALID_VIN = '1HGCM82633A004352';

export interface SvTestContext {
  app: App;
  admin: string;
  manager: string;
  leadTech: string;
  repairTech: string;
  reviewer: string;
}

/** One app and a token per role the service vehicle tests use. */
export async function svTestContext(): Promise<SvTestContext> {
  const app = await createTestApp();
  const [admin, manager, leadTech, repairTech, reviewer] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.manager),
    login(app, DEMO.leadTech),
    login(app, DEMO.repairTech),
    login(app, DEMO.reviewer),
  ]);
  return { app, admin, manager, leadTech, repairTech, reviewer };
}

export function client(app: App) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: unknown) =>
    app
      .inject({
        method,
        url,
        headers: auth(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      // Every service vehicle answer is parsed with its contract schema (test/contract-check.ts).
      .then((res) => checkContract(method, url, res));
  return {
    get: (url: string, token: string) => call('GET', url, token),
    post: (url: string, token: string, payload: unknown = {}) => call('POST', url, token, payload),
    put: (url: string, token: string, payload?: unknown) => call('PUT', url, token, payload),
    patch: (url: string, token: string, payload: unknown) => call('PATCH', url, token, payload),
  };
}

let roCounter = 0;
/** A unique RO number per call, so tests on a shared PostgreSQL database find their own records. */
export const uniqueRo = () => `T${process.pid % 10000}${Date.now() % 100000}${++roCounter}`;

/** Creates a service vehicle through the API and returns its detail. */
export async function createSv(app: App, token: string, body: Record<string, unknown> = {}) {
  const res = await client(app).post('/api/ServiceVehicle', token, {
    facilityId: 1,
    repairCount: 2,
    vehicle: { make: 'Honda', model: 'Accord', vin: VALID_VIN, sourceId: 1 },
    repairOrder: { repairOrderNumber: uniqueRo(), statusId: 3 },
    customer: {
      firstName: 'Pat',
      lastName: 'Testcase',
      contact: { primaryPhone: { phone: '(713) 555-0199', phoneTypeId: 2 } },
    },
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Builds a multipart body the way a browser's FormData would. */
export async function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; data: Uint8Array }[] = [],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([f.data]), f.name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    contentType: res.headers.get('content-type') as string,
  };
}

/** Whole pictures (a 1×1 PNG, a 2×2 JPEG): the server checks the first bytes, then decodes and re-encodes them. */
export const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);
export const JPEG = new Uint8Array(
  Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCOACqH/9k=',
    'base64',
  ),
);
