import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import type { App } from '../app-type.js';
import type { SessionUser } from '../auth/sessions.js';
import { audit, PARAM_IDS, paramIdOf } from '../http/audit.js';
import { fileOwnerQuery, recordTypeNamed, recordTypes } from './registry.js';

// The record types the shared layers (activity log, stored file access, records kernel) act on are
// declared once, in their areas (registry.ts defineRecordType). These checks fail when a declaration lacks
// what those layers need, or when a layer names a record type itself again.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [full] : [];
  });
}

let app: App;
beforeAll(async () => {
  // Building the app loads the composition root, and with it every area's declarations.
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('record type registry', () => {
  it('declares the record types the shared layers act on, each once', () => {
    const names = recordTypes().map((t) => t.recordType);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['Invoice', 'ServiceVehicle', 'Message', 'Facility', 'User', 'DmsImport']),
    );
  });

  it('every owner type a file is stored under (source and seed) is a declared type that says who reads it', () => {
    const literals = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/ownerType: '([A-Za-z]+)'/g)) literals.add(m[1]);
    }
    expect(literals.size).toBeGreaterThan(0);
    for (const name of literals) {
      expect(recordTypeNamed(name)?.files, `${name} stores files but declares no file rule`).toBeDefined();
    }
  });

  it("every declared type's table exists with an integer id, and its file query runs", async () => {
    const db = app.deps.db;
    const [admin] = await db.rows<SessionUser>(
      sql`select id, user_name as "userName", first_name as "firstName", last_name as "lastName",
                 user_role_id as "userRoleId", facility_id as "facilityId"
          from users where user_role_id = 1 order by id limit 1`,
    );
    // The System Admin reaches every facility; a facility-bound reader only theirs (decision 0016).
    const readers = [
      { ...admin, homeFacilityId: null, allowedFacilityIds: null },
      { ...admin, userRoleId: 4, homeFacilityId: 1, allowedFacilityIds: [1] },
    ];
    for (const type of recordTypes()) {
      const [id] = await db.rows<{ dataType: string }>(
        sql`select data_type as "dataType" from information_schema.columns
            where table_schema = current_schema() and table_name = ${type.table} and column_name = 'id'`,
      );
      expect(id?.dataType, `${type.recordType}: table ${type.table} with an id`).toMatch(/integer|bigint/);
      for (const reader of readers) {
        const query = fileOwnerQuery(type, -1, reader);
        if (query) expect(await db.rows(query), type.recordType).toEqual([]);
      }
    }
  });

  it('log details: declared names and parameter ids are their own, and keep the ids logs were written with', () => {
    const details = recordTypes().flatMap((t) => (t.logDetail ? [t.logDetail] : []));
    const fixed = Object.values(PARAM_IDS);
    for (const d of details) {
      expect(Object.hasOwn(PARAM_IDS, d.name), d.name).toBe(false);
      expect(fixed, d.name).not.toContain(d.paramId);
      expect(d.paramId, d.name).toBeGreaterThan(0);
    }
    expect(new Set(details.map((d) => d.paramId)).size).toBe(details.length);
    expect(recordTypeNamed('Invoice')?.logDetail).toEqual({ name: 'invoiceId', paramId: 443 });
    expect(recordTypeNamed('ServiceVehicle')?.logDetail).toEqual({ name: 'serviceVehicleId', paramId: 201 });
    expect(paramIdOf('invoiceId')).toBe(443);
    expect(paramIdOf('serviceVehicleId')).toBe(201);
    expect(paramIdOf('userId')).toBe(101);
    expect(paramIdOf('constructor')).toBe(0);
  });

  it("an activity log of a declared record carries the record's detail; of other types, none", async () => {
    const db = app.deps.db;
    const detailsOf = async (recordType: string, details?: Record<string, unknown>) => {
      const logId = await audit(db, undefined, {
        activity: 'Registry check',
        type: 'action',
        recordType,
        recordId: 77,
        details,
      });
      return db.rows<{ paramId: number; name: string; value: string }>(
        sql`select param_id as "paramId", name, value from activity_log_details
            where activity_log_id = ${logId} order by id`,
      );
    };
    expect(await detailsOf('Invoice')).toEqual([{ paramId: 443, name: 'invoiceId', value: '77' }]);
    expect(await detailsOf('ServiceVehicle')).toEqual([
      { paramId: 201, name: 'serviceVehicleId', value: '77' },
    ]);
    // A log that names the record itself keeps its own value.
    expect(await detailsOf('Invoice', { invoiceId: 5 })).toEqual([
      { paramId: 443, name: 'invoiceId', value: '5' },
    ]);
    expect(await detailsOf('Facility')).toEqual([]);
    expect(await detailsOf('Conversation')).toEqual([]);
  });

  it('the activity log, file access and records kernel name no record type of their own', () => {
    const shared = [
      'http/audit.ts',
      'files/access.ts',
      'files/images.ts',
      'records/lockable.ts',
      'records/history.ts',
    ];
    for (const file of shared) {
      // The code, without its comments (which may give examples).
      const text = fs
        .readFileSync(path.join(src, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const { recordType } of recordTypes()) {
        expect(text.includes(`'${recordType}'`), `${file} names '${recordType}'`).toBe(false);
      }
    }
  });
});
