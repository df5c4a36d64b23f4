import { validatePasswordChange } from '@glass/domain';
import { extraFacilitiesSql, workingFacilitySql } from '../../auth/facility-sql.js';
import { sql } from 'drizzle-orm';
import { dummyHash, hashPassword, verifyPassword } from '../../auth/password.js';
import { allowedFacilitiesOf, type SessionStore, type SessionUser } from '../../auth/sessions.js';
import { attemptFailed, attemptSucceeded, reserveAttempt } from '../../auth/throttle.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { unauthorized, validationFailed } from '../../http/errors.js';

export interface SelfView {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  userRole: number;
  userRoleId: number;
  isOnDuty: boolean;
  facility: { id: number; name: string; shortName: string; brandId: number | null } | null;
  homeFacilityId: number | null;
  allowedFacilityIds: number[] | null;
}

export class SessionService {
  constructor(
    private db: Database,
    private config: Config,
    private sessions: SessionStore,
  ) {}

  private get hashOpts() {
    return { pepper: this.config.passwordPepper, cost: this.config.scryptCost };
  }

  async login(
    input: { userName: string; password: string; tzo?: number },
    meta: { ip: string; userAgent?: string },
  ) {
    // The attempt's slot is reserved (and counted as a failure) before the slow hash: see auth/throttle.ts.
    const attempt = await reserveAttempt(this.db, input.userName, meta.ip);
    const [user] = await this.db.rows<{ id: number; passwordHash: string; isActive: boolean }>(
      sql`select id, password_hash as "passwordHash", is_active as "isActive" from users where user_name = ${input.userName}`,
    );
    const ok = user
      ? await verifyPassword(input.password, user.passwordHash, this.hashOpts)
      : await verifyPassword(input.password, await dummyHash(this.hashOpts), this.hashOpts).then(() => false);
    if (!user || !ok || !user.isActive) {
      await attemptFailed(this.db);
      throw unauthorized('Invalid user name or password.');
    }
    await attemptSucceeded(this.db, attempt);
    const { token } = await this.sessions.create(user.id, { tzo: input.tzo, ...meta });
    return { token, user: await this.self(user.id) };
  }

  async self(userId: number): Promise<SelfView> {
    const [found] = await this.db.rows<Omit<SelfView, 'allowedFacilityIds'> & { extra: unknown }>(
      sql`select u.id, u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName",
                 u.user_role_id as "userRole", u.user_role_id as "userRoleId", u.is_on_duty as "isOnDuty",
                 case when f.id is null then null
                      else json_build_object('id', f.id, 'name', f.name, 'shortName', f.short_name, 'brandId', f.brand_id)
                 end as facility, u.facility_id as "homeFacilityId", ${extraFacilitiesSql()} as extra
          from users u left join facilities f on f.id = ${workingFacilitySql()}
          where u.id = ${userId}`,
    );
    if (!found) throw unauthorized();
    const { extra, ...row } = found;
    return {
      ...row,
      allowedFacilityIds: allowedFacilitiesOf(found),
    };
  }

  logout(user: SessionUser) {
    return this.sessions.revoke(user.sessionId);
  }

  /**
   * Checks the current password and the spec's rules, stores the new hash, ends every session of the user
   * and hands this one a fresh token so the user carries on.
   */
  async changePassword(
    user: SessionUser,
    input: { currentPassword?: string; newPassword?: string; confirmPassword?: string },
    meta: { ip: string; userAgent?: string },
  ) {
    const result = validatePasswordChange({
      currentPassword: input.currentPassword ?? '',
      newPassword: input.newPassword ?? '',
      confirmPassword: input.confirmPassword ?? '',
    });
    if (!result.ok) throw validationFailed(passwordErrors(result.messages));
    // The current PIN is checked like a login: the same account and address limits, reserved first.
    const [row] = await this.db.rows<{ userName: string; passwordHash: string }>(
      sql`select user_name as "userName", password_hash as "passwordHash" from users where id = ${user.id}`,
    );
    if (!row) throw unauthorized();
    const attempt = await reserveAttempt(this.db, row.userName, meta.ip);
    if (!(await verifyPassword(input.currentPassword!, row.passwordHash, this.hashOpts))) {
      await attemptFailed(this.db);
      throw validationFailed({ currentPassword: ['Current password is not correct'] });
    }
    await attemptSucceeded(this.db, attempt);
    const hash = await hashPassword(input.newPassword!, this.hashOpts);
    return this.db.transaction(async (tx) => {
      await tx.rows(sql`update users set password_hash = ${hash}, updated_at = now() where id = ${user.id}`);
      await this.sessions.revokeUser(user.id, tx);
      const { token } = await this.sessions.create(user.id, { tzo: user.tzo ?? undefined, ...meta }, tx);
      return { token };
    });
  }
}

/** Places each rule message of the shared password rules on the field it is about. */
export function passwordErrors(messages: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of messages) {
    const field = m.startsWith('Current')
      ? 'currentPassword'
      : m.includes('Confirmation') || m === 'Password does not match'
        ? 'confirmPassword'
        : 'newPassword';
    (out[field] ??= []).push(m);
  }
  return out;
}
