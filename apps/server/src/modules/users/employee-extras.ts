import { can } from '@glass/domain';
import type { AdminAssistant, Installer } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionStore, SessionUser } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type ImageUpload, storeImage } from '../../files/images.js';
import { audit } from '../../http/audit.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { assertCanManageUser } from './role-guard.js';
import { userType } from './record-type.js';

const WINDOW = { Day: '1 day', Week: '7 days', Month: '1 month' } as const;
export type View = keyof typeof WINDOW;

/** Installers, admin assistants and profile pictures (spec 1 §7 Users). */
export class EmployeeExtras {
  constructor(
    private db: Database,
    private config: Config,
    private sessions: SessionStore,
  ) {}

  /** Installers with their appointment count in the calendar window starting at startDate. */
  installers(q: { startDate?: string; view?: View; isActive?: boolean }) {
    const start = q.startDate ?? new Date().toISOString().slice(0, 10);
    const span = WINDOW[q.view ?? 'Day'];
    return this.db.rows<Installer>(
      sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", u.facility_id as "facilityId",
                 (select json_build_object('id', f.id, 'name', f.name, 'shortName', f.short_name)
                    from facilities f where f.id = u.facility_id) as facility,
                 u.is_active as "isActive", u.is_on_duty as "isOnDuty",
                 (select count(*)::int from appointments a where a.installer_id = u.id
                    and a.appointment_date_time >= ${start}::timestamptz
                    and a.appointment_date_time < ${start}::timestamptz + ${span}::interval) as "appointmentCount"
          from users u where u.is_installer ${q.isActive === undefined ? sql`` : sql`and u.is_active = ${q.isActive}`}
          order by u.last_name, u.first_name, u.id`,
    );
  }

  adminAssistants() {
    return this.db.rows<AdminAssistant>(
      sql`select id, first_name as "firstName", last_name as "lastName", facility_id as "facilityId"
          from users where is_active and user_role_id = 4 order by last_name, first_name, id`,
    );
  }

  /** Own picture with 'self.settings'; someone else's needs 'users.write' and a role the caller may manage. */
  async setProfilePicture(upload: ImageUpload, user: SessionUser) {
    const raw = upload.fields.userId ?? upload.fields.UserId;
    const userId = raw ? Number(raw) : user.id;
    if (!Number.isInteger(userId) || userId <= 0) throw badRequest('userId', 'userId is not valid');
    if (userId !== user.id && !can(user.userRoleId, 'users.write')) throw forbidden();
    const done = this.db.transaction(async (tx) => {
      if (userId !== user.id) {
        await assertCanManageUser(tx, user, userId, { lock: 'share', missing: 'notFound' });
      }
      const filePath = await storeImage(tx, this.config, upload, {
        folder: 'users',
        userId: user.id,
        ownerType: userType.recordType,
        ownerId: userId,
      });
      const rows = await tx.rows(
        sql`update users set photo = ${filePath}, updated_at = now() where id = ${userId} returning id`,
      );
      if (!rows.length) throw notFound(`Employee ${userId} not found`);
      await audit(tx, user, {
        activity: 'Uploaded profile picture',
        type: 'update',
        recordType: 'User',
        recordId: userId,
        details: { userId, filePath, size: upload.buffer.length },
      });
      return { filePath, photo: filePath };
    });
    const result = await done;
    this.sessions.forgetUser(userId);
    return result;
  }
}
