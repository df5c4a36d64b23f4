import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import { PNG_1X1 } from '../../test/multipart.js';
import {
  type FormPart as Part,
  formField,
  multipartForm as form,
  type UploadTargets as Ids,
  uploadTargets,
} from '../../test/upload-fixture.js';
import type { App } from '../app-type.js';

/**
 * Security issue #12, hole 8: a refused upload leaves no file behind, on every upload route (the
 * routes that declare `config.upload`, from the route table) and on both stores that live beside the
 * database rows (FILE_STORE=disk: files under DATA_DIR; FILE_STORE=postgres: stored_file_chunks rows).
 * Each route is refused twice:
 * - by its own service (an unknown or finalized record, an unknown conversation, or a second image that
 *   cannot be decoded after the first was stored);
 * - at COMMIT, after the service wrote everything (file, registration, owner row): a deferred trigger on
 *   stored_files makes the database refuse the commit, as a serialization failure or a lost connection
 *   would. That request is a 500 (the database's refusal is no fault of the client) and still leaves
 *   nothing behind.
 */

/** A PNG header with nothing a decoder can read after it: passes the content check, fails re-encoding. */
const BROKEN_PNG = Buffer.concat([PNG_1X1.subarray(0, 16), Buffer.alloc(64, 7)]);
/** File names starting with this make the deferred trigger refuse the commit. */
const PROBE = 'orphan-probe';

const image = (name: string, filename = `${PROBE}.png`, data = PNG_1X1): Part => ({ name, filename, data });
const field = formField;
/** A DMS export (the content decides: CSV text, whatever the part's type says). */
const csv = (name: string): Part => ({
  name,
  filename: `${PROBE}.csv`,
  data: Buffer.from('RO Number,VIN\r\nR1,1HGCM82633A004352\r\n'),
});

interface UploadCase {
  url: (ids: Ids) => string;
  /** A request the service refuses, and its status. */
  refused: (ids: Ids) => Part[];
  refusedStatus: number;
  /** A request the service accepts (refused only at COMMIT by the probe trigger). */
  accepted: (ids: Ids) => Part[];
}

/** One entry per declared upload route ("METHOD pattern"); the first test checks they are the same set. */
const CASES: Record<string, UploadCase> = {
  'POST /api/users/profilePicture': {
    url: () => '/api/users/profilePicture',
    refused: () => [field('userId', 999999), image('file')],
    refusedStatus: 404,
    accepted: () => [image('file')],
  },
  'POST /api/facilities/uploadIcon': {
    url: () => '/api/facilities/uploadIcon',
    refused: () => [field('facilityId', 999999), image('file')],
    refusedStatus: 404,
    accepted: () => [field('facilityId', 1), image('file')],
  },
  'POST /api/facilities/uploadLogo': {
    url: () => '/api/facilities/uploadLogo',
    refused: () => [field('facilityId', 999999), image('file')],
    refusedStatus: 404,
    accepted: () => [field('facilityId', 1), image('file')],
  },
  'PUT /api/ServiceVehicle/:id': {
    url: (ids) => `/api/ServiceVehicle/${ids.serviceVehicle}`,
    // The RO image is stored, then the windshield picture cannot be decoded.
    refused: () => [image('ROImageFile'), image('WindshieldImageFiles', 'broken.png', BROKEN_PNG)],
    refusedStatus: 400,
    accepted: () => [image('ROImageFile'), image('WindshieldImageFiles')],
  },
  'POST /api/Invoices/:id/ExtraImages': {
    url: (ids) => `/api/Invoices/${ids.editableInvoice}/ExtraImages`,
    // The first image is stored, then the second cannot be decoded.
    refused: () => [field('Caption', 'two'), image('Files'), image('Files', 'broken.png', BROKEN_PNG)],
    refusedStatus: 400,
    accepted: () => [field('Caption', 'two'), image('Files'), image('Files')],
  },
  'POST /api/Invoices/:id/signature': {
    url: (ids) => `/api/Invoices/${ids.editableInvoice}/signature`,
    refused: () => [image('Signature')],
    refusedStatus: 409,
    accepted: () => [image('Signature')],
  },
  'POST /api/Conversations/Start': {
    url: () => '/api/Conversations/Start',
    refused: (ids) => [
      field('Subject', 'Orphans'),
      field('Message', 'about an invoice that does not exist'),
      field('RecipientUserIds[]', ids.recipient),
      field('RecordType', 'Invoice'),
      field('RecordId', 999999),
      image('AttachedImage'),
    ],
    refusedStatus: 400,
    accepted: (ids) => [
      field('Subject', 'Orphans'),
      field('Message', 'with a picture'),
      field('RecipientUserIds[]', ids.recipient),
      image('AttachedImage'),
    ],
  },
  'POST /api/DmsImports': {
    url: () => '/api/DmsImports',
    // The export is stored as it streams in, then the facility turns out not to exist.
    refused: () => [field('FacilityId', 999999), csv('File')],
    refusedStatus: 400,
    accepted: () => [field('FacilityId', 1), csv('File')],
  },
  'POST /api/Remittances': {
    url: () => '/api/Remittances',
    // The clearing house is checked before the payment file is stored (the field comes first).
    refused: () => [field('ClearingHouseId', 999999), csv('File')],
    refusedStatus: 400,
    accepted: () => [csv('File')],
  },
  'POST /api/appointments/status': {
    url: () => '/api/appointments/status',
    // The first photo is stored, then the second cannot be decoded.
    refused: (ids) => [
      field('InvoiceId', ids.visitInvoice),
      field('PartTypeId', ids.visitPartType),
      field('StatusId', 2),
      image('Files'),
      image('Files', 'broken.png', BROKEN_PNG),
    ],
    refusedStatus: 400,
    accepted: (ids) => [
      field('InvoiceId', ids.visitInvoice),
      field('PartTypeId', ids.visitPartType),
      field('StatusId', 2),
      image('Files'),
    ],
  },
  'POST /api/Conversations/:id/Reply': {
    url: (ids) => `/api/Conversations/${ids.conversation}/Reply`,
    refused: () => [field('Message', 'to nobody'), image('AttachedImage')],
    refusedStatus: 404,
    accepted: () => [field('Message', 'with a picture'), image('AttachedImage')],
  },
};
/** Where a case's refused request goes when it differs from the accepted one. */
const REFUSED_URL: Record<string, (ids: Ids) => string> = {
  'POST /api/Invoices/:id/signature': (ids) => `/api/Invoices/${ids.finalizedInvoice}/signature`,
  'POST /api/Conversations/:id/Reply': () => '/api/Conversations/999999/Reply',
};

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

describe.each(['disk', 'postgres'] as const)(
  'a refused upload leaves nothing behind (FILE_STORE=%s)',
  (driver) => {
    let app: App;
    let token: string;
    let ids: Ids;
    let declared: { method: 'POST' | 'PUT'; url: string }[];

    const count = async (table: 'stored_files' | 'stored_file_chunks') =>
      (await app.deps.db.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]
        .n;
    const state = async () => ({
      files: listFiles(app.deps.config.dataDir),
      storedFiles: await count('stored_files'),
      chunks: await count('stored_file_chunks'),
    });
    const send = (method: string, url: string, parts: Part[]) =>
      app.inject({ method: method as 'POST', url, ...withAuth(form(parts)) });
    const withAuth = (f: ReturnType<typeof form>) => ({
      payload: f.payload,
      headers: { ...auth(token), ...f.headers },
    });

    beforeAll(async () => {
      app = await createTestApp({ fileStore: { driver } });
      token = await login(app, DEMO.admin);
      const db = app.deps.db;
      ids = await uploadTargets(app, 'first');
      declared = app
        .routeTable()
        .filter((r) => r.upload)
        .map((r) => ({ method: r.method as 'POST' | 'PUT', url: r.url }));
      // Refuses the COMMIT of any transaction that registered a probe file, after everything was written.
      await db.rows(sql`create or replace function orphan_probe_refuse() returns trigger language plpgsql as $$
      begin raise exception 'orphan probe: the database refuses this commit'; end $$`);
      await db.rows(sql`drop trigger if exists orphan_probe_refuse on stored_files`);
      await db.rows(sql`create constraint trigger orphan_probe_refuse after insert on stored_files
      deferrable initially deferred for each row
      when (new.original_name like ${sql.raw(`'${PROBE}%'`)}) execute function orphan_probe_refuse()`);
    });
    afterAll(async () => {
      await app?.deps.db.rows(sql`drop trigger if exists orphan_probe_refuse on stored_files`);
      await app?.deps.db.rows(sql`drop function if exists orphan_probe_refuse()`);
      await app?.close();
    });

    it('has a case for every declared upload route, and the store is the one asked for', () => {
      expect(declared.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(CASES).sort());
      expect(declared.length).toBeGreaterThanOrEqual(8);
    });

    it('every upload route refused by its service: the status says why, and no file, row or chunk is left', async () => {
      const wrong: string[] = [];
      for (const route of declared) {
        const key = `${route.method} ${route.url}`;
        const c = CASES[key];
        const before = await state();
        const res = await send(route.method, (REFUSED_URL[key] ?? c.url)(ids), c.refused(ids));
        if (res.statusCode !== c.refusedStatus)
          wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const after = await state();
        if (JSON.stringify(after) !== JSON.stringify(before))
          wrong.push(`${key}: left ${JSON.stringify({ before, after }).slice(0, 400)}`);
      }
      expect(wrong).toEqual([]);
    });

    it('every upload route whose commit the database refuses after the file was written: no file, row or chunk is left', async () => {
      const wrong: string[] = [];
      for (const route of declared) {
        const key = `${route.method} ${route.url}`;
        const c = CASES[key];
        const before = await state();
        const res = await send(route.method, c.url(ids), c.accepted(ids));
        if (res.statusCode !== 500 || /orphan probe|stack|\.ts:/.test(res.body))
          wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const after = await state();
        if (JSON.stringify(after) !== JSON.stringify(before))
          wrong.push(`${key}: left ${JSON.stringify({ before, after }).slice(0, 400)}`);
      }
      expect(wrong).toEqual([]);
    });

    it('the same requests with an ordinary file name are accepted and stored where FILE_STORE says', async () => {
      // Proves the cases above reached the write: without the probe name each one succeeds.
      for (const route of declared) {
        const key = `${route.method} ${route.url}`;
        const c = CASES[key];
        const parts = c.accepted(ids).map((p) => ('filename' in p ? { ...p, filename: 'ordinary.png' } : p));
        const before = await state();
        const res = await send(route.method, c.url(ids), parts);
        expect(res.statusCode, `${key}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
        const after = await state();
        expect(after.storedFiles, key).toBeGreaterThan(before.storedFiles);
        if (driver === 'postgres') {
          expect(after.chunks, key).toBeGreaterThan(before.chunks);
          expect(after.files, key).toEqual(before.files);
        } else {
          expect(after.chunks, key).toBe(before.chunks);
          expect(after.files.length, key).toBeGreaterThan(before.files.length);
        }
      }
    });
  },
);
