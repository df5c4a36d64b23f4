import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import { PNG_1X1 } from '../../test/multipart.js';
import {
  type FormPart as Part,
  formField,
  multipartForm,
  type UploadTargets as Ids,
  uploadTargets,
} from '../../test/upload-fixture.js';
import type { App } from '../app-type.js';
import { HOSTILE_FILES } from './hostile-files.js';

/**
 * Issue #31, items 1 and 2: no file a staff member can upload stops or bloats the server. Every hostile
 * file (hostile-files.ts: huge column references, zip bombs, huge shared strings, cut-short and damaged
 * zips, a 50 MB CSV line, 100,000 CSV columns, pictures whose header claims a huge size) goes to every
 * upload route of the route table (`config.upload`), signed in as a role that may use it (the DMS import
 * as an Admin Assistant, as the attacker). Each answer is a 4xx naming the route's file field with
 * the limit's reason; the server then answers a signed-in read; the process's memory stays within 200 MB
 * of where it started (the file readers stop at the limits of files/limits.ts); nothing is stored. At the
 * end each route still takes a normal upload. No timing is asserted (bench/hostile-files.ts records it).
 */

const MB = 1024 * 1024;
/** Growth of the process's memory (resident set and JS heap) over the run: generous, far below a stall. */
const MEMORY_BOUND = 200 * MB;

/**
 * The test sends its files in the same process as the server (inject): garbage is collected before each
 * reading, so what is measured is what the process holds, not what it has yet to free.
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
function memory() {
  collect();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}
const field = formField;
type File = { filename: string; type: string; data: Buffer };
const fileIn = (name: string, f: File): Part => ({ name, ...f });
const PNG: File = { filename: 'ordinary.png', type: 'image/png', data: PNG_1X1 };
const CSV: File = {
  filename: 'ordinary.csv',
  type: 'text/csv',
  data: Buffer.from('RO Number,VIN\r\nH31-1,1HGCM82633A004352\r\n'),
};

interface RouteCase {
  url: (ids: Ids) => string;
  /** The form field that carries the file: the field a refusal must name. */
  field: string;
  /** The form around a file; `normal` is the file of an ordinary upload. */
  parts: (ids: Ids, file: File) => Part[];
  normal: File;
  /** Who sends it: the DMS import as an Admin Assistant, the pictures as the System Admin. */
  role: 'adminAssistant' | 'admin';
}

/** One entry per declared upload route ("METHOD pattern"); the first test checks they are the same set. */
const ROUTES: Record<string, RouteCase> = {
  'POST /api/DmsImports': {
    url: () => '/api/DmsImports',
    field: 'File',
    parts: (_, f) => [field('FacilityId', 1), fileIn('File', f)],
    normal: CSV,
    role: 'adminAssistant',
  },
  // A remittance (issue #35): the same pipeline as the DMS import, the same answers.
  'POST /api/Remittances': {
    url: () => '/api/Remittances',
    field: 'File',
    parts: (_, f) => [fileIn('File', f)],
    normal: CSV,
    role: 'adminAssistant',
  },
  'POST /api/users/profilePicture': {
    url: () => '/api/users/profilePicture',
    field: 'file',
    parts: (_, f) => [fileIn('file', f)],
    normal: PNG,
    role: 'admin',
  },
  'POST /api/facilities/uploadIcon': {
    url: () => '/api/facilities/uploadIcon',
    field: 'file',
    parts: (_, f) => [field('facilityId', 1), fileIn('file', f)],
    normal: PNG,
    role: 'admin',
  },
  'POST /api/facilities/uploadLogo': {
    url: () => '/api/facilities/uploadLogo',
    field: 'file',
    parts: (_, f) => [field('facilityId', 1), fileIn('file', f)],
    normal: PNG,
    role: 'admin',
  },
  'PUT /api/ServiceVehicle/:id': {
    url: (ids) => `/api/ServiceVehicle/${ids.serviceVehicle}`,
    field: 'ROImageFile',
    parts: (_, f) => [fileIn('ROImageFile', f)],
    normal: PNG,
    role: 'admin',
  },
  'POST /api/Invoices/:id/ExtraImages': {
    url: (ids) => `/api/Invoices/${ids.editableInvoice}/ExtraImages`,
    field: 'Files',
    parts: (_, f) => [field('Caption', 'hostile'), fileIn('Files', f)],
    normal: PNG,
    role: 'admin',
  },
  'POST /api/Invoices/:id/signature': {
    url: (ids) => `/api/Invoices/${ids.editableInvoice}/signature`,
    field: 'Signature',
    parts: (_, f) => [fileIn('Signature', f)],
    normal: PNG,
    role: 'admin',
  },
  'POST /api/Conversations/Start': {
    url: () => '/api/Conversations/Start',
    field: 'AttachedImage',
    parts: (ids, f) => [
      field('Subject', 'Hostile files'),
      field('Message', 'with a picture'),
      field('RecipientUserIds[]', ids.recipient),
      fileIn('AttachedImage', f),
    ],
    normal: PNG,
    role: 'admin',
  },
  'POST /api/Conversations/:id/Reply': {
    url: (ids) => `/api/Conversations/${ids.conversation}/Reply`,
    field: 'AttachedImage',
    parts: (_, f) => [field('Message', 'with a picture'), fileIn('AttachedImage', f)],
    normal: PNG,
    role: 'admin',
  },
  'POST /api/appointments/status': {
    url: () => '/api/appointments/status',
    field: 'Files',
    parts: (ids, f) => [
      field('InvoiceId', ids.visitInvoice),
      field('PartTypeId', ids.visitPartType),
      field('StatusId', 2),
      fileIn('Files', f),
    ],
    normal: PNG,
    role: 'admin',
  },
};

describe('hostile files on every upload route: 4xx naming the field, the server answers after, memory bounded (#31)', () => {
  let app: App;
  let ids: Ids;
  const tokens = {} as Record<RouteCase['role'], string>;
  const made = new Map<string, Buffer>();
  let declared: string[];
  let baseline: { rss: number; heap: number };
  /** The largest growth seen after any hostile request. */
  const peak = { rss: 0, heap: 0 };

  const send = (key: string, file: File) => {
    const route = ROUTES[key];
    const body = multipartForm(route.parts(ids, file), { stream: true });
    return app.inject({
      method: key.split(' ')[0] as 'POST' | 'PUT',
      url: route.url(ids),
      headers: { ...auth(tokens[route.role]), ...body.headers },
      payload: body.payload,
    });
  };
  const count = async (table: string) =>
    (await app.deps.db.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]
      .n;
  const stored = async () => ({
    storedFiles: await count('stored_files'),
    dmsImports: await count('dms_imports'),
    messages: await count('messages'),
  });

  beforeAll(async () => {
    app = await createTestApp();
    tokens.admin = await login(app, DEMO.admin);
    tokens.adminAssistant = await login(app, DEMO.adminAssistant);
    ids = await uploadTargets(app, 'last');
    declared = app
      .routeTable()
      .filter((r) => r.upload)
      .map((r) => `${r.method} ${r.url}`);
    for (const f of HOSTILE_FILES) made.set(f.name, f.make());
    // Every route's code paths once, so what they load on first use is not counted as growth.
    for (const key of declared)
      await send(key, { filename: 'warm.txt', type: 'text/plain', data: Buffer.from('x') });
    baseline = memory();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  it('has a case for every declared upload route', () => {
    expect(declared.sort()).toEqual(Object.keys(ROUTES).sort());
    expect(declared.length).toBeGreaterThanOrEqual(10);
  });

  it.each(HOSTILE_FILES.map((f) => f.name))(
    '%s: every upload route refuses it naming its field, then answers, memory bounded',
    async (name) => {
      const hostile = HOSTILE_FILES.find((f) => f.name === name);
      const data = made.get(name);
      if (!hostile || !data) throw new Error(`no hostile file ${name}`);
      const wrong: string[] = [];
      for (const key of declared) {
        const route = ROUTES[key];
        const before = await stored();
        const res = await send(key, { filename: hostile.fileName, type: hostile.type, data });
        const expected =
          key === 'POST /api/DmsImports' || key === 'POST /api/Remittances' ? hostile.dms : hostile.image;
        const errors: Record<string, string[]> = res.statusCode < 500 ? (res.json().errors ?? {}) : {};
        const named = Object.entries(errors).find(([f]) => f.toLowerCase() === route.field.toLowerCase());
        if (res.statusCode < 400 || res.statusCode >= 500)
          wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        else if (!named) wrong.push(`${key}: does not name ${route.field}: ${res.body.slice(0, 300)}`);
        else if (!named[1].some((m) => expected.test(m)))
          wrong.push(`${key}: not the expected reason ${expected}: ${res.body.slice(0, 300)}`);
        // The server answers a signed-in read after it.
        const alive = await app.inject({
          method: 'GET',
          url: '/api/DmsImports?$top=1',
          headers: auth(tokens.adminAssistant),
        });
        if (alive.statusCode !== 200) wrong.push(`${key}: the next request got ${alive.statusCode}`);
        const after = await stored();
        if (JSON.stringify(after) !== JSON.stringify(before))
          wrong.push(`${key}: stored something ${JSON.stringify({ before, after })}`);
        const m = memory();
        peak.rss = Math.max(peak.rss, m.rss - baseline.rss);
        peak.heap = Math.max(peak.heap, m.heap - baseline.heap);
        if (m.rss - baseline.rss > MEMORY_BOUND || m.heap - baseline.heap > MEMORY_BOUND)
          wrong.push(
            `${key}: memory grew by ${Math.round((m.rss - baseline.rss) / MB)} MB resident, ${Math.round((m.heap - baseline.heap) / MB)} MB heap`,
          );
      }
      expect(wrong).toEqual([]);
    },
    180_000,
  );

  it('a limit passed after the first rows (which the upload reads) refuses the preview with 400 on File', async () => {
    const rows = ['RO Number,VIN'];
    for (let i = 1; i <= 20; i++) rows.push(`H31-P${i},1HGCM82633A004352`);
    rows.push(`H31-P21,${'x,'.repeat(2_000)}`);
    const up = await send('POST /api/DmsImports', {
      filename: 'late.csv',
      type: 'text/csv',
      data: Buffer.from(`${rows.join('\r\n')}\r\n`),
    });
    expect(up.statusCode, up.body).toBe(201);
    const preview = await app.inject({
      method: 'POST',
      url: `/api/DmsImports/${up.json().import.id}/preview`,
      headers: auth(tokens.adminAssistant),
      payload: { mapping: up.json().suggestedMapping, defaultRepairCount: 1 },
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().errors.File).toEqual([
      'Line 22 of the CSV file has 2,002 columns: an export may have at most 1,000',
    ]);
  });

  it('every route still takes a normal upload afterwards', async () => {
    for (const key of declared) {
      const res = await send(key, ROUTES[key].normal);
      expect(res.statusCode, `${key}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    }
  });

  it('the process grew by less than 200 MB over all of it', () => {
    expect(peak.rss).toBeLessThan(MEMORY_BOUND);
    expect(peak.heap).toBeLessThan(MEMORY_BOUND);
  });
});
