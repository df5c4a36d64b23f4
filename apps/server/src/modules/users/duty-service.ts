import type { Employee } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionStore, SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { mayReachFacility } from '@glass/domain';
import { badRequest, forbidden } from '../../http/errors.js';

/** Duty (spec 1 §4 "Duty") and the selected facility of the signed-in user. */
export class DutyService {
  constructor(
    private db: Database,
    private sessions: SessionStore,
  ) {}

  async getOnDuty(userId: number) {
    const [row] = await this.db.rows<{ onDuty: boolean }>(
      sql`select is_on_duty as "onDuty" from users where id = ${userId}`,
    );
    return { onDuty: row?.onDuty ?? true };
  }

  /** Sets duty to the given value (or flips it when none is given), with the device location when known. */
  async toggle(user: SessionUser, input: { onDuty?: boolean; latitude?: number; longitude?: number }) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.rows<{ onDuty: boolean }>(
        sql`update users set is_on_duty = coalesce(${input.onDuty ?? null}::boolean, not is_on_duty),
                   duty_latitude = ${input.latitude ?? null}, duty_longitude = ${input.longitude ?? null},
                   duty_changed_at = now(), updated_at = now()
            where id = ${user.id} returning is_on_duty as "onDuty"`,
      );
      await audit(tx, user, {
        activity: row.onDuty ? 'On duty' : 'Off duty',
        type: 'action',
        details: { onDuty: row.onDuty, latitude: input.latitude, longitude: input.longitude },
      });
      return { onDuty: row.onDuty };
    });
  }

  /**
   * The shell's switch (spec 1 §7): the facility the user is working at, one of the facilities they are
   * allowed (decision 0016). It is a default for screens and new records, never authority: it writes
   * users.working_facility_id and leaves the home facility and the granted ones alone. Outside the allowed
   * set: 403; an unknown or inactive facility: 400.
   */
  async selectFacility(user: SessionUser, facilityId: number) {
    const result = await this.db.transaction(async (tx) => {
      const [facility] = await tx.rows<{
        id: number;
        name: string;
        shortName: string;
        brandId: number | null;
      }>(
        sql`select id, name, short_name as "shortName", brand_id as "brandId" from facilities
            where id = ${facilityId} and is_active`,
      );
      if (!facility) throw badRequest('facilityId', `Facility ${facilityId} does not exist or is inactive`);
      if (!mayReachFacility(user.allowedFacilityIds, facilityId))
        throw forbidden('You may work only at the facilities you are allowed.');
      await tx.rows(
        sql`update users set working_facility_id = ${facilityId}, updated_at = now() where id = ${user.id}`,
      );
      await audit(tx, user, {
        activity: 'Selected facility',
        type: 'update',
        details: { facilityId },
      });
      return { facility };
    });
    this.sessions.forgetUser(user.id);
    return result;
  }

  employeeList() {
    return this.db.rows<Employee>(
      sql`select id, first_name as "firstName", last_name as "lastName", user_role_id as "userRoleId",
                 facility_id as "facilityId", is_installer as "isInstaller"
          from users where is_active order by last_name, first_name, id`,
    );
  }
}
