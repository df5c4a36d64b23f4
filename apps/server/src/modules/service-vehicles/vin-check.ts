import { validateVin, vinModelYear } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import { validationFailed } from '../../http/errors.js';
import type { Db } from '../../db/unit-of-work.js';

/**
 * A VIN typed on a form: blank means none; otherwise it must pass `validateVin` (17 characters,
 * allowed letters, check digit), or the request is a 400 on `field` listing every problem.
 */
export function checkedVin(input: string | null | undefined, field: string): string | null {
  if (input === undefined || input === null || input.trim() === '') return null;
  const result = validateVin(input);
  if (!result.valid) throw validationFailed({ [field]: result.problems.map((p) => p.message) });
  return result.vin;
}

/**
 * Records the decode of a VIN for the vehicle's VIN history. Only the model year can be decoded
 * locally (position 10); make and model need an external decoder, so they stay empty here.
 */
export async function recordVinLookup(db: Db, user: SessionUser, svId: number, vin: string) {
  const year = vinModelYear(vin) ?? null;
  await db.rows(
    sql`insert into vin_lookups (vin, service_vehicle_id, user_id, source, year)
        values (${vin}, ${svId}, ${user.id}, 'vin-rules', ${year})`,
  );
  return year;
}
