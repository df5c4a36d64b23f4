import { facilityFilter } from '../../http/facility-scope.js';
import type { EmployeeItem } from '@glass/domain/contracts';
import {
  employeeCreateSchema,
  employeeUpdateSchema,
  type StateNavigation,
  USER_NAME_TAKEN,
} from '@glass/domain/resources/employee';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.js';
import { extraFacilitiesSql } from '../../auth/facility-sql.js';
import { parseIntArray, type SessionStore, type SessionUser } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import {
  badRequest,
  forbidden,
  HttpError,
  notFound,
  validationFailed,
  zodErrors,
} from '../../http/errors.js';
import { pgErrorOf, translateDbError } from '../../resources/db-errors.js';
import { AttributeValueService } from '../attribute-values/index.js';
import { USER_ITEM, userSearch } from './employee-queries.js';
import { assertCanGrant, assertCanManageUser, assertMayGrantFacilities } from './role-guard.js';
import type { Db } from '../../db/unit-of-work.js';

type Row = EmployeeItem;
type EmployeeAttributes = { attributeNameId: number; value: string }[] | undefined;
const FIELDS = {
  facilityId: { column: 'facility_id', label: 'Facility' },
  brandId: { column: 'brand_id', label: 'Brand' },
};

/** Employees (spec 1 §7 Users): list items, create with an initial password, update, deactivate. */
export class EmployeeService {
  private attributes: AttributeValueService;

  constructor(
    private db: Database,
    private config: Config,
    private sessions: SessionStore,
  ) {
    this.attributes = new AttributeValueService(db);
  }

  /** The User attributes sent with the form, checked against their value lists, in the save's transaction. */
  private async saveAttributes(tx: Db, id: number, attrs: EmployeeAttributes, user: SessionUser) {
    if (attrs?.length) await this.attributes.write(tx, 'User', id, attrs, user, 'attributes');
  }

  /** Decision 0016: a facility-bound caller lists the employees whose home is one of their facilities. */
  async list(q: { isActive?: boolean; searchTerm?: string }, user: SessionUser): Promise<Row[]> {
    const rows = await this.db.rows<{ item: Row }>(
      sql`select ${USER_ITEM} as item from users u
          where ${facilityFilter(user, sql`u.facility_id`)} ${q.isActive === undefined ? sql`` : sql`and u.is_active = ${q.isActive}`} ${userSearch(q.searchTerm)}
          order by u.last_name, u.first_name, u.id limit 2000`,
    );
    return rows.map((r) => r.item);
  }

  async get(id: number, tx: Db = this.db): Promise<Row> {
    const [row] = await tx.rows<{ item: Row }>(
      sql`select ${USER_ITEM} as item from users u where u.id = ${id}`,
    );
    if (!row) throw notFound(`Employee ${id} not found`);
    return row.item;
  }

  /** The extra facilities of an employee become exactly these (decision 0016). */
  private async writeExtraFacilities(tx: Db, id: number, extras: number[], user: SessionUser) {
    await tx.rows(
      sql`delete from user_facilities where user_id = ${id}
            and not (facility_id = any(${`{${extras.join(',')}}`}::int[]))`,
    );
    for (const f of extras)
      await tx.rows(
        sql`insert into user_facilities (user_id, facility_id, granted_by) values (${id}, ${f}, ${user.id})
            on conflict do nothing`,
      );
  }

  /** A facility given to an employee must be active, unless it is the one they already have. */
  private async checkFacility(
    tx: Db,
    facilityId: number | null,
    current: number | null = null,
    field: 'facilityId' | 'extraFacilityIds' = 'facilityId',
  ) {
    if (facilityId === null || facilityId === current) return;
    const [f] = await tx.rows<{ isActive: boolean }>(
      sql`select is_active as "isActive" from facilities where id = ${facilityId}`,
    );
    if (!f) throw badRequest(field, `Facility ${facilityId} does not exist`);
    if (!f.isActive) throw badRequest(field, `Facility ${facilityId} is inactive`);
  }

  /**
   * A brand given to an employee must exist, unless it is the one they already have. Brands have no
   * active flag (spec 2 Brand: id, name, shortName, parentId): every existing brand is usable.
   */
  private async checkBrand(tx: Db, brandId: number | null, current: number | null = null) {
    if (brandId === null || brandId === current) return;
    const [b] = await tx.rows<{ id: number }>(sql`select id from brands where id = ${brandId} for share`);
    if (!b) throw badRequest('brandId', 'Brand does not exist');
  }

  private hash(pin: string) {
    return hashPassword(pin, { pepper: this.config.passwordPepper, cost: this.config.scryptCost });
  }

  private taken(e: unknown): never {
    if (pgErrorOf(e)?.code === '23505' && (pgErrorOf(e)?.constraint ?? '').includes('user_name')) {
      throw new HttpError(409, 'Conflict', USER_NAME_TAKEN, { userName: [USER_NAME_TAKEN] });
    }
    translateDbError(e, FIELDS);
  }

  async create(body: unknown, user: SessionUser): Promise<Row> {
    const parsed = employeeCreateSchema.safeParse(body ?? {});
    if (!parsed.success) throw validationFailed(zodErrors(parsed.error));
    const v = parsed.data;
    assertCanGrant(user, v.userRoleId);
    const extras = uniqueIds(v.extraFacilityIds ?? []);
    assertMayGrantFacilities(user, v.userRoleId, v.facilityId, extras);
    const passwordHash = await this.hash(v.password as string);
    try {
      return await this.db.transaction(async (tx) => {
        await this.checkFacility(tx, v.facilityId);
        for (const f of extras) await this.checkFacility(tx, f, null, 'extraFacilityIds');
        await this.checkBrand(tx, v.brandId);
        const [{ id }] = await tx.rows<{ id: number }>(
          sql`insert into users (user_name, password_hash, first_name, last_name, email, phone, user_role_id,
                facility_id, brand_id, is_active, is_installer)
              values (${v.userName}, ${passwordHash}, ${v.firstName}, ${v.lastName}, ${v.email}, ${v.phone},
                ${v.userRoleId}, ${v.facilityId}, ${v.brandId}, ${v.isActive}, ${v.isInstaller})
              returning id`,
        );
        await this.writeExtraFacilities(tx, id, extras, user);
        // The role's default tiles and a subscription row per message group, as seeded users have.
        await tx.rows(
          sql`insert into user_tiles (user_id, tile_id, is_displayed, is_small_tile, has_shortcut, sort_order)
              select ${id}, tile_id, true, false, false, sort_order from role_tiles where user_role_id = ${v.userRoleId}`,
        );
        await tx.rows(
          sql`insert into subscriptions (user_id, message_group_id) select ${id}, g.id from message_groups g
              on conflict do nothing`,
        );
        await this.saveAttributes(tx, id, v.attributes, user);
        const { password, attributes, ...details } = v;
        await audit(tx, user, {
          activity: 'Created Employee',
          type: 'create',
          recordType: 'User',
          recordId: id,
          details: { ...details, ...attributeDetails(attributes), userId: id, password: '(set)' },
        });
        return this.get(id, tx);
      });
    } catch (e) {
      this.taken(e);
    }
  }

  async update(id: number, body: unknown, user: SessionUser): Promise<Row> {
    const parsed = employeeUpdateSchema.safeParse(body ?? {});
    if (!parsed.success) throw validationFailed(zodErrors(parsed.error));
    const v = parsed.data;
    assertCanGrant(user, v.userRoleId);
    const passwordHash = v.password ? await this.hash(v.password) : null;
    try {
      const result = await this.db.transaction(async (tx) => {
        // The employee's current role must be one the caller may manage (no editing, demoting,
        // deactivating or resetting the password of someone above them), and so must the new one.
        const before = await assertCanManageUser(tx, user, id, {
          lock: 'update',
          missing: 'notFound',
        });
        const [held] = await tx.rows<{ ids: unknown }>(
          sql`select ${extraFacilitiesSql(sql`u`)} as ids from users u where u.id = ${id}`,
        );
        const beforeExtras = parseIntArray(held?.ids);
        const extras = v.extraFacilityIds === undefined ? beforeExtras : uniqueIds(v.extraFacilityIds);
        // Decision 0016: nobody changes their own role or allowed facilities (home + extra).
        if (id === user.id) {
          if (v.userRoleId !== before.userRoleId) throw forbidden('You may not change your own role.');
          if (v.facilityId !== before.facilityId || !sameIds(extras, beforeExtras))
            throw forbidden('You may not change your own facilities.');
        } else if (
          v.facilityId !== before.facilityId ||
          !sameIds(extras, beforeExtras) ||
          v.userRoleId !== before.userRoleId
        ) {
          assertMayGrantFacilities(user, v.userRoleId, v.facilityId, extras);
        }
        await this.checkFacility(tx, v.facilityId, before.facilityId);
        for (const f of extras)
          if (!beforeExtras.includes(f)) await this.checkFacility(tx, f, null, 'extraFacilityIds');
        if (!sameIds(extras, beforeExtras)) await this.writeExtraFacilities(tx, id, extras, user);
        await this.checkBrand(tx, v.brandId, before.brandId);
        await tx.rows(
          sql`update users set user_name = ${v.userName}, first_name = ${v.firstName}, last_name = ${v.lastName},
                email = ${v.email}, phone = ${v.phone}, user_role_id = ${v.userRoleId}, facility_id = ${v.facilityId},
                brand_id = ${v.brandId}, is_active = ${v.isActive}, is_installer = ${v.isInstaller},
                password_hash = coalesce(${passwordHash}, password_hash), updated_at = now()
              where id = ${id}`,
        );
        const endSessions = (before.isActive && !v.isActive) || !!passwordHash;
        if (endSessions) await this.sessions.revokeUser(id, tx);
        await this.saveAttributes(tx, id, v.attributes, user);
        const { password, attributes, ...details } = v;
        await audit(tx, user, {
          activity: before.isActive && !v.isActive ? 'Deactivated Employee' : 'Updated Employee',
          type: 'update',
          recordType: 'User',
          recordId: id,
          details: {
            ...details,
            ...attributeDetails(attributes),
            userId: id,
            ...(passwordHash ? { password: '(reset)' } : {}),
          },
        });
        return this.get(id, tx);
      });
      // Role, facility and name changes show at once in this process.
      this.sessions.forgetUser(id);
      return result;
    } catch (e) {
      this.taken(e);
    }
  }

  /** The caller's saved navigation state, or null before the first save. */
  async stateNavigation(user: SessionUser): Promise<StateNavigation | null> {
    const [row] = await this.db.rows<{ state: string | null }>(
      sql`select state_navigation as state from users where id = ${user.id}`,
    );
    return row?.state ? (JSON.parse(row.state) as StateNavigation) : null;
  }

  /**
   * Stores the caller's navigation state (already validated: small JSON with lastPath). Not audited: the
   * web saves it in the background on every navigation, and the activity log records user actions
   * (issue #15 item 6), not where the user looked.
   */
  async saveStateNavigation(state: StateNavigation, user: SessionUser): Promise<StateNavigation> {
    await this.db.rows(
      sql`update users set state_navigation = ${JSON.stringify(state)}, updated_at = now() where id = ${user.id}`,
    );
    return state;
  }
}

/** One activity log detail per attribute, named as the page attributes' own log names them. */
const attributeDetails = (attrs: EmployeeAttributes) =>
  Object.fromEntries((attrs ?? []).map((a) => [`attribute${a.attributeNameId}`, a.value]));

const uniqueIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && uniqueIds(a).every((x, i) => x === uniqueIds(b)[i]);
