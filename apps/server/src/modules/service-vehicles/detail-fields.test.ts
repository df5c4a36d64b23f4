import { svDetail, svPatchBody } from '@glass/domain/contracts/service-vehicles';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { serviceVehicles } from '../../db/schema/service-vehicles.js';
import { isJson } from '../../odata/detail-object.js';
import { contractMismatches } from '../../../test/detail-declaration.js';
import { SV_PATCH_COLUMNS, serviceVehicleDetail } from './detail-fields.js';

const columns = new Set(getTableConfig(serviceVehicles).columns.map((c) => c.name));
const declaration = serviceVehicleDetail(300);

describe('the service vehicle detail declaration (detail-fields.ts)', () => {
  it('names only columns the Drizzle schema of service_vehicles has', () => {
    const used = Object.values(declaration)
      .flatMap((e) => (isJson(e) ? [] : [e.sql]))
      .filter((s) => /^sv\.[a-z_0-9]+$/.test(s))
      .map((s) => s.slice(3));
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter((c) => !columns.has(c))).toEqual([]);
    const patched = Object.values(SV_PATCH_COLUMNS).map((c) => c.col);
    expect(patched.filter((c) => !columns.has(c))).toEqual([]);
  });

  it('declares every path of the contract, with its type and nullability', () => {
    const tops = new Set(Object.keys(declaration).map((p) => p.split('/')[0]));
    expect([...tops].sort()).toEqual(Object.keys(svDetail.shape).sort());
    expect(contractMismatches(declaration, svDetail)).toEqual([]);
  });

  it('maps every PATCH field of the contract to a column', () => {
    expect(Object.keys(SV_PATCH_COLUMNS).sort()).toEqual(Object.keys(svPatchBody.shape).sort());
    expect(SV_PATCH_COLUMNS.followUpDate).toEqual({ col: 'follow_up_date', kind: 'at' });
  });
});
