import { RepairOrderStatus, repairOrderStatusLabel } from '@glass/domain';
import { randomBytes } from 'node:crypto';
import { dmsImport, dmsImportVehicles, dmsPreviewResult, odataPage } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { jobsOf } from '../../jobs/index.js';
import { BUSY_PAUSE_MAX_MS } from './import-pace.js';
import { DMS_IMPORT_JOB, ImportInterrupted, recoverImports } from './job.js';
import {
  csvText,
  dmsRow,
  getImport,
  HEADERS,
  runImportNow,
  settled,
  testVin,
  upload,
  uploadFile,
  xlsxOf,
} from './test-helpers.js';
import { checkedUpload, UPLOAD_TEXTS } from './upload.js';

/** A prefix of RO numbers of this run, so the shared PostgreSQL database keeps every run apart. */
const run = () => `T${randomBytes(3).toString('hex').toUpperCase()}-`;

const MAPPING = {
  roNumber: 0,
  roStatus: 1,
  openDate: 2,
  vin: 3,
  year: 4,
  make: 5,
  model: 6,
  customerName: 7,
  phone1: 8,
};

let app: App;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
});
afterAll(() => app.close());

const post = (url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: auth(admin), ...(payload ? { payload } : {}) });

async function vehiclesOf(prefix: string) {
  return app.deps.db.rows<{
    id: number;
    ro: string;
    sourceId: number;
    repairCount: number;
    make: string | null;
    roStatusId: number;
    roStatus: string | null;
    lines: number;
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
  }>(
    sql`select sv.id, sv.repair_order_number as ro, sv.source_id as "sourceId", sv.repair_count as "repairCount",
          sv.vehicle_make as make, sv.ro_status_id as "roStatusId", sv.ro_status_description as "roStatus",
          c.first_name as "firstName", c.last_name as "lastName", c.primary_phone as phone,
          (select count(*)::int from service_vehicle_repairs r where r.service_vehicle_id = sv.id) as lines
        from service_vehicles sv left join customers c on c.id = sv.customer_id
        where sv.repair_order_number like ${`${prefix}%`} order by sv.id`,
  );
}

async function importCsv(text: string, defaultRepairCount = 1, mapping: object = MAPPING) {
  const up = await upload(app, admin, { name: 'export.csv', data: text });
  const started = await post(`/api/DmsImports/${up.import.id}/start`, { mapping, defaultRepairCount });
  expect(started.statusCode, started.body).toBe(200);
  return settled(app, admin, up.import.id);
}

describe('DMS import of a CSV export', () => {
  it('uploads, recognises the columns, previews every row with errors per cell, imports, and lists it', async () => {
    const p = run();
    const rows = [
      dmsRow(p, 1),
      dmsRow(p, 2, { 3: '1HGCM82643A004352' }), // wrong VIN check digit
      dmsRow(p, 3, { 5: '=HYPERLINK("http://evil.example","Click")' }),
      dmsRow(p, 4, { 2: 'yesterday', 8: '555-1234' }),
      dmsRow(p, 5),
    ];
    const up = await upload(app, admin, { name: 'Daily RO export.csv', data: csvText(HEADERS, rows) });
    expect(up.import).toMatchObject({ status: 'uploaded', format: 'csv', facilityId: 1, headers: HEADERS });
    expect(up.mappingSource).toBe('recognised');
    expect(up.suggestedMapping).toEqual({ ...MAPPING });
    expect(up.sample[0][0]).toBe(`${p}1`);

    const preview = await post(`/api/DmsImports/${up.import.id}/preview`, {
      mapping: up.suggestedMapping,
      defaultRepairCount: 2,
    });
    const body = parseAs(dmsPreviewResult, preview);
    expect(body).toMatchObject({ totalRows: 5, validRows: 3, failedRows: 2 });
    expect(body.rows[0]).toMatchObject({
      rowNumber: 2,
      values: {
        roNumber: `${p}1`,
        vin: testVin(1),
        year: 2021,
        firstName: 'Jo',
        repairCount: 2,
        phone1: '2818944520',
      },
      errors: [],
    });
    expect(body.errorRows.map((r) => r.rowNumber)).toEqual([3, 5]);
    expect(body.errorRows[0].errors).toEqual([
      { field: 'vin', column: 3, message: 'VIN check digit does not match' },
    ]);
    expect(body.errorRows[1].errors.map((e) => [e.field, e.column])).toEqual([
      ['openDate', 2],
      ['phone1', 8],
    ]);

    const started = await post(`/api/DmsImports/${up.import.id}/start`, {
      mapping: up.suggestedMapping,
      defaultRepairCount: 2,
    });
    expect(parseAs(dmsImport, started).status).toMatch(/queued|running|completed/);
    const done = await settled(app, admin, up.import.id);
    expect(done).toMatchObject({
      status: 'completed',
      totalRows: 5,
      rowsDone: 5,
      created: 3,
      updated: 0,
      unchanged: 0,
      failed: 2,
      error: null,
      user: { id: expect.any(Number), name: expect.any(String) },
    });

    const made = await vehiclesOf(p);
    expect(made.map((v) => v.ro)).toEqual([`${p}1`, `${p}3`, `${p}5`]);
    const linked = await app.inject({
      method: 'GET',
      url: `/api/DmsImports/${up.import.id}/vehicles`,
      headers: auth(admin),
    });
    expect(parseAs(dmsImportVehicles, linked).map((v) => v.id)).toEqual(made.map((v) => v.id));
    // Source 6 'DMS import', the default repair count chosen at import, its default repair lines.
    for (const v of made) expect(v).toMatchObject({ sourceId: 6, repairCount: 2, lines: 2 });
    // The RO status's description, as the edit form writes it ('Open' in the file is Working).
    for (const v of made) expect(v.roStatus).toBe(repairOrderStatusLabel(v.roStatusId));
    expect(made[0]).toMatchObject({ roStatusId: RepairOrderStatus.Working, roStatus: 'Working' });
    expect(made[0]).toMatchObject({ firstName: 'Jo', lastName: 'Smith1', phone: '2818944520' });
    // The formula is kept as text.
    expect(made[1].make).toBe('=HYPERLINK("http://evil.example","Click")');

    // They appear in the service vehicle list (repairs > 0) and carry a history entry.
    const list = await app.inject({
      method: 'GET',
      url: `/api/ServiceVehicles?$filter=${encodeURIComponent(`id eq ${made[0].id}`)}`,
      headers: auth(admin),
    });
    expect(list.json().value).toHaveLength(1);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/ServiceVehicle/${made[0].id}`,
      headers: auth(admin),
    });
    expect(detail.json().history[0]).toMatchObject({ activity: 'Service vehicle created' });

    // History: newest first, with who, when, file, facility and counts.
    const history = await app.inject({ method: 'GET', url: '/api/DmsImports?$top=5', headers: auth(admin) });
    const page = parseAs(odataPage(dmsImport), history);
    expect(page.value[0]).toMatchObject({
      id: up.import.id,
      fileName: 'Daily RO export.csv',
      facilityName: expect.any(String),
      created: 3,
      failed: 2,
    });

    // The failed rows as CSV, with the reason; cells are escaped for spreadsheets.
    const failed = await app.inject({
      method: 'GET',
      url: `/api/DmsImports/${up.import.id}/failedRows`,
      headers: auth(admin),
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['content-type']).toMatch(/text\/csv/);
    const lines = failed.body.trim().split('\r\n');
    expect(lines[0]).toBe(`Row,Reason,${HEADERS.join(',')}`);
    expect(lines[1]).toMatch(/^3,VIN check digit does not match,/);
    expect(lines[2]).toMatch(/^5,Open date is not a date/);
  });

  it('importing the same file twice changes nothing; a changed row updates its vehicle', async () => {
    const p = run();
    const rows = [dmsRow(p, 1), dmsRow(p, 2), dmsRow(p, 3, { 3: 'BADVIN' })];
    const first = await importCsv(csvText(HEADERS, rows));
    expect(first).toMatchObject({ created: 2, updated: 0, unchanged: 0, failed: 1 });
    const before = await vehiclesOf(p);

    const again = await importCsv(csvText(HEADERS, rows));
    expect(again).toMatchObject({ status: 'completed', created: 0, updated: 0, unchanged: 2, failed: 1 });
    expect(await vehiclesOf(p)).toEqual(before);

    const changed = [dmsRow(p, 1, { 5: 'Acura' }), dmsRow(p, 2), dmsRow(p, 4)];
    const third = await importCsv(csvText(HEADERS, changed));
    expect(third).toMatchObject({ created: 1, updated: 1, unchanged: 1, failed: 0 });
    const after = await vehiclesOf(p);
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ id: before[0].id, make: 'Acura' });
  });

  it('a repair count column sets the count; the mapping is saved for the facility and offered next time', async () => {
    const p = run();
    const headers = [...HEADERS, 'Repair Count'];
    const text = csvText(headers, [
      [...dmsRow(p, 1), '3'],
      [...dmsRow(p, 2), '4'],
      [...dmsRow(p, 3), '0'],
    ]);
    const up = await upload(app, admin, { name: 'counts.csv', data: text }, 2);
    expect(up.suggestedMapping.repairCount).toBe(9);
    await post(`/api/DmsImports/${up.import.id}/start`, {
      mapping: up.suggestedMapping,
      defaultRepairCount: 1,
    });
    const done = await settled(app, admin, up.import.id);
    expect(done).toMatchObject({ created: 2, failed: 1 });
    const made = await vehiclesOf(p);
    expect(made.map((v) => [v.repairCount, v.lines])).toEqual([
      [3, 3],
      [4, 0],
    ]);
    // Same columns in another order: the saved mapping (by name) follows them.
    const reordered = csvText(['VIN', ...HEADERS.filter((h) => h !== 'VIN'), 'Repair Count'], []);
    const next = await upload(
      app,
      admin,
      { name: 'next.csv', data: `${reordered}${testVin(9)},X1,Open,,,,,,,,2\r\n` },
      2,
    );
    expect(next.mappingSource).toBe('saved');
    expect(next.suggestedMapping).toMatchObject({ vin: 0, roNumber: 1, repairCount: 9 });
  });

  it('refuses a mapping without the RO number or with a column the file does not have', async () => {
    const up = await upload(app, admin, { name: 'm.csv', data: csvText(HEADERS, [dmsRow(run(), 1)]) });
    const res = await post(`/api/DmsImports/${up.import.id}/preview`, { mapping: { vin: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.mapping).toEqual(['Map a column to the RO number']);
    const far = await post(`/api/DmsImports/${up.import.id}/start`, { mapping: { roNumber: 40 } });
    expect(far.statusCode).toBe(400);
  });
});

describe('DMS import of an XLSX workbook', () => {
  it('reads the first sheet (shared strings, numbers, date serials) and imports it', async () => {
    const p = run();
    const book = xlsxOf([
      ['RO #', 'Date In', 'VIN', 'Year', 'Make', 'Model', 'First Name', 'Last Name', 'Home Phone'],
      [`${p}1`, 45720, testVin(1), 2020, 'Toyota', 'Camry', 'Ana', 'Diaz', '2815550101'],
      [`${p}2`, 45720.5, testVin(2), 2019, 'Ford', 'F-150', 'Bo', 'Lee', ''],
      [`${p}3`, 'not a date', testVin(3), 2019, 'Ford', 'F-150', 'Cy', 'Ray', ''],
    ]);
    const up = await upload(app, admin, { name: 'ro.xlsx', data: book });
    expect(up.import.format).toBe('xlsx');
    expect(up.suggestedMapping).toMatchObject({
      roNumber: 0,
      openDate: 1,
      vin: 2,
      firstName: 6,
      lastName: 7,
      phone1: 8,
    });
    const preview = parseAs(
      dmsPreviewResult,
      await post(`/api/DmsImports/${up.import.id}/preview`, { mapping: up.suggestedMapping }),
    );
    expect(preview).toMatchObject({ totalRows: 3, validRows: 2, failedRows: 1 });
    expect(preview.rows[0].values).toMatchObject({ openedAt: '2025-03-04', year: 2020, phone1TypeId: 1 });
    expect(preview.rows[1].values?.openedAt).toBe('2025-03-04T12:00');
    await post(`/api/DmsImports/${up.import.id}/start`, { mapping: up.suggestedMapping });
    expect(await settled(app, admin, up.import.id)).toMatchObject({
      status: 'completed',
      created: 2,
      failed: 1,
    });
    const [opened] = await app.deps.db.rows<{ day: string }>(
      sql`select to_char(ro_opened_at at time zone coalesce(f.time_zone, 'UTC'), 'YYYY-MM-DD HH24:MI') as day
          from service_vehicles sv join facilities f on f.id = sv.facility_id
          where repair_order_number = ${`${p}2`}`,
    );
    // The wall-clock time of the facility's zone.
    expect(opened.day).toBe('2025-03-04 12:00');
  });
});

describe('DMS upload checks', () => {
  const countImports = async () =>
    (await app.deps.db.rows<{ n: number }>(sql`select count(*)::int as n from dms_imports`))[0].n;

  it('a bad file is a clear 400 on File and creates nothing', async () => {
    const before = await countImports();
    const cases: [string, Buffer | string, string | RegExp][] = [
      ['empty.csv', '', UPLOAD_TEXTS.empty],
      ['blank.csv', '\uFEFF \r\n  \r\n', UPLOAD_TEXTS.empty],
      ['photo.csv', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), UPLOAD_TEXTS.binary],
      ['nul.csv', Buffer.from('RO,VIN\r\nA1\u0000,x\r\n', 'utf8'), UPLOAD_TEXTS.binary],
      ['latin1.csv', Buffer.from('RO,Make\r\nA1,Citro\xebn\r\n', 'latin1'), UPLOAD_TEXTS.encoding],
      ['utf16.csv', Buffer.from('\ufeffRO,VIN\r\n', 'utf16le'), UPLOAD_TEXTS.utf16],
      ['old.xls', Buffer.from('d0cf11e0a1b11ae1000000', 'hex'), UPLOAD_TEXTS.xls],
      ['noheader.csv', csvText(['A100', testVin(1), '2020'], [['A101', testVin(2), '2021']]), /column names/],
      ['onlyheader.csv', csvText(HEADERS, []), 'The file has column names but no rows'],
      ['broken.xlsx', Buffer.concat([Buffer.from('504b0304', 'hex'), randomBytes(200)]), /XLSX/],
    ];
    for (const [name, data, message] of cases) {
      const res = await uploadFile(app, admin, { name, data });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const errors = res.json().errors.File;
      if (typeof message === 'string') expect(errors, name).toEqual([message]);
      else expect(errors[0], name).toMatch(message);
    }
    expect(await countImports()).toBe(before);
    const none = await uploadFile(app, admin, { name: 'x.csv', data: 'RO\r\n1\r\n' }, 99_999);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.FacilityId).toBeDefined();
  });

  it('accepts a file above the app’s 5 MB default (streamed to the store), and counts its rows', async () => {
    const p = run();
    const row = dmsRow(p, 1).join(',');
    const lines = Array.from({ length: 70_000 }, (_, i) => row.replace(`${p}1,`, `${p}${i},`));
    const text = `${HEADERS.join(',')}\r\n${lines.join('\r\n')}\r\n`;
    expect(text.length).toBeGreaterThan(5 * 1024 * 1024);
    const up = await upload(app, admin, { name: 'big.csv', data: text });
    expect(up.import.fileSize).toBe(Buffer.byteLength(text));
    const preview = parseAs(
      dmsPreviewResult,
      await post(`/api/DmsImports/${up.import.id}/preview`, { mapping: MAPPING }),
    );
    expect(preview.totalRows).toBe(70_000);
  }, 60_000);

  it('stops a stream above the size limit', async () => {
    async function* chunks() {
      for (let i = 0; i < 10; i++) yield Buffer.from('RO,VIN\r\nabc,def\r\n');
    }
    const seen: Buffer[] = [];
    await expect(
      (async () => {
        for await (const c of checkedUpload(chunks(), {}, 50)) seen.push(c);
      })(),
    ).rejects.toThrow(UPLOAD_TEXTS.tooLarge);
  });

  it('needs dmsImports.write to upload and dmsImports.read to look', async () => {
    const tech = await login(app, DEMO.repairTech);
    const res = await uploadFile(app, tech, { name: 'a.csv', data: 'RO\r\nA\r\n' });
    expect(res.statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/DmsImports', headers: auth(tech) })).statusCode,
    ).toBe(403);
  });
});

describe('DMS import cancel, resume and restart', () => {
  async function queued(count: number) {
    const p = run();
    const rows = Array.from({ length: count }, (_, i) => dmsRow(p, i + 1));
    const up = await upload(app, admin, { name: 'batch.csv', data: csvText(HEADERS, rows) });
    // Queued as start does, without handing it to the queue: the test runs the job itself.
    await app.deps.db.rows(
      sql`update dms_imports set status = 'queued', mapping = ${JSON.stringify(MAPPING)}::jsonb where id = ${up.import.id}`,
    );
    return { id: up.import.id, prefix: p };
  }

  it('cancel stops a running import after the batch in hand; resume finishes it without duplicates', async () => {
    const { id, prefix } = await queued(10);
    await runImportNow(app, id, {
      batchSize: 2,
      beforeBatch: async (n) => {
        if (n === 2) expect((await post(`/api/DmsImports/${id}/cancel`)).statusCode).toBe(200);
      },
    });
    const cancelled = await getImport(app, admin, id);
    expect(cancelled).toMatchObject({ status: 'cancelled', rowsDone: 4, created: 4, cancelRequested: true });
    expect((await post(`/api/DmsImports/${id}/cancel`)).statusCode).toBe(409);

    const resumed = await post(`/api/DmsImports/${id}/resume`);
    expect(resumed.statusCode).toBe(200);
    const done = await settled(app, admin, id);
    expect(done).toMatchObject({ status: 'completed', rowsDone: 10, created: 10, totalRows: 10 });
    expect(await vehiclesOf(prefix)).toHaveLength(10);
  });

  it('while the app is busy, batches of a quarter size, each followed by a pause as long as it took (decision 0039)', async () => {
    const batches = async (busy: boolean) => {
      const { id, prefix } = await queued(600);
      // The vehicles committed before each batch, then at the end: the batches' sizes are the steps.
      const committed: number[] = [];
      const pauses: number[] = [];
      await runImportNow(
        app,
        id,
        {
          beforeBatch: async () => void committed.push((await vehiclesOf(prefix)).length),
          pause: async (ms) => void pauses.push(ms),
        },
        () => busy,
      );
      committed.push((await vehiclesOf(prefix)).length);
      expect(await getImport(app, admin, id)).toMatchObject({ status: 'completed', created: 600 });
      return { written: committed.slice(1).map((n, i) => n - committed[i]), pauses };
    };
    const idle = await batches(false);
    expect(idle).toEqual({ written: [600], pauses: [] });
    const busy = await batches(true);
    expect(busy.written).toEqual([250, 250, 100]);
    expect(busy.pauses).toHaveLength(3);
    for (const ms of busy.pauses) {
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThanOrEqual(BUSY_PAUSE_MAX_MS);
    }
  });

  it('a queued import cancelled before it runs does nothing', async () => {
    const { id, prefix } = await queued(3);
    const res = await post(`/api/DmsImports/${id}/cancel`);
    expect(parseAs(dmsImport, res).status).toBe('cancelled');
    await runImportNow(app, id);
    expect(await getImport(app, admin, id)).toMatchObject({ status: 'cancelled', created: 0 });
    expect(await vehiclesOf(prefix)).toHaveLength(0);
  });

  it('a restart mid-import resumes after the last committed batch: every row once, none twice', async () => {
    const { id, prefix } = await queued(10);
    // The process dies while writing the third batch: two batches (6 rows) are committed.
    await runImportNow(app, id, {
      batchSize: 3,
      beforeBatch: (n) => {
        if (n === 3) throw new ImportInterrupted();
      },
    });
    expect(await getImport(app, admin, id)).toMatchObject({ status: 'running', rowsDone: 6, created: 6 });
    // While its lease holds, nobody else runs it.
    await runImportNow(app, id);
    expect(await getImport(app, admin, id)).toMatchObject({ status: 'running', rowsDone: 6 });

    // The next start finds it and queues it again; the worker resumes it.
    const requeued: number[] = [];
    await recoverImports(app.deps.db, async (importId) => void requeued.push(importId), { sole: true });
    expect(requeued).toContain(id);
    await runImportNow(app, id);
    expect(await getImport(app, admin, id)).toMatchObject({
      status: 'completed',
      rowsDone: 10,
      created: 10,
      failed: 0,
    });
    const made = await vehiclesOf(prefix);
    expect(made).toHaveLength(10);
    expect(new Set(made.map((v) => v.ro)).size).toBe(10);
  });

  it('an import that keeps dying is marked failed with the reason, never left running', async () => {
    const { id } = await queued(4);
    for (let i = 0; i < 3; i++) {
      await runImportNow(app, id, {
        batchSize: 1,
        beforeBatch: () => {
          throw new ImportInterrupted();
        },
      });
      await recoverImports(app.deps.db, async () => {}, { sole: true });
    }
    await runImportNow(app, id);
    const failed = await getImport(app, admin, id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/stopped 3 times/);
  });

  it('the queue worker picks up what a previous process left queued', async () => {
    const { id } = await queued(2);
    const { ensureImportWorker } = await import('./worker.js');
    await ensureImportWorker(app);
    const queue = jobsOf(app);
    await recoverImports(
      app.deps.db,
      (importId) => queue.enqueue(DMS_IMPORT_JOB, { importId }).then(() => {}),
      {
        sole: queue.kind === 'in-process',
      },
    );
    expect(await settled(app, admin, id)).toMatchObject({ status: 'completed', created: 2 });
  });
});
