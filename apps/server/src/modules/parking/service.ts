import type { ParkedItem } from '@glass/domain/contracts';
import { IGNORED_MESSAGE_GROUP_ID, PARK_LINES_OPTION_ID, type RecordTypeName, UserRole } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { runODataQuery } from '../../odata/index.js';
import type { AlertHub } from '../../realtime/hub.js';
import { consumeAlertsWhere } from '../alerts/index.js';
import { announceParked, announceRemoved, parkedAudience, parkedFacts } from './parking-alerts.js';
import { parkedItemsResource } from './resource.js';
import type { Db } from '../../db/unit-of-work.js';

export interface ParkInput {
  parkLine: number;
  parkedForUserId?: number | null;
  parkedForMessageGroupId?: number | null;
}

/** Parking writes are serialized (pg_advisory_xact_lock) so two records never land on one line. */
const PARKING_LOCK = 4_726_002;
/** When option 36 is missing or not a number: the footer's usual 8 lines. */
const DEFAULT_PARK_LINES = 8;
/** Who may clear any line, besides the people an item concerns. */
const SUPERVISORS: readonly number[] = [UserRole.SystemAdmin, UserRole.Manager];

export class ParkingService {
  constructor(
    private db: Database,
    private hub: AlertHub,
  ) {}

  async lineCount(tx: Db): Promise<number> {
    const [row] = await tx.rows<{ value: string }>(
      sql`select value from options where id = ${PARK_LINES_OPTION_ID}`,
    );
    const n = Number.parseInt(row?.value ?? '', 10);
    return Number.isInteger(n) && n > 0 ? n : DEFAULT_PARK_LINES;
  }

  async item(id: number): Promise<ParkedItem> {
    const query = { $filter: `id eq ${id}` };
    const body = await runODataQuery((q) => this.db.listRows(q), parkedItemsResource, query, {
      baseUrl: '',
      rawQuery: query,
    });
    return JSON.parse(body).value[0];
  }

  /**
   * Parks a record on a line for one user or one message group. A record already parked moves (its
   * old audience gets its alerts consumed and a ParkedUpdate); a line taken by another record is a 409.
   */
  async park(user: SessionUser, recordType: RecordTypeName, recordId: number, input: ParkInput) {
    const id = await this.db.transaction(async (tx) => {
      await tx.rows(sql`select pg_advisory_xact_lock(${PARKING_LOCK})`);
      const lines = await this.lineCount(tx);
      if (input.parkLine > lines) throw badRequest('parkLine', `The line must be between 1 and ${lines}`);
      const column = recordType === 'Invoice' ? sql`invoice_id` : sql`service_vehicle_id`;
      const table = recordType === 'Invoice' ? sql`invoices` : sql`service_vehicles`;
      const [record] = await tx.rows(sql`select id from ${table} where id = ${recordId}`);
      if (!record) throw notFound(`${recordType} ${recordId} does not exist.`);
      await this.checkTarget(tx, input);
      const [occupant] = await tx.rows<{ id: number; recordId: number; recordType: string }>(
        sql`select id, coalesce(invoice_id, service_vehicle_id) as "recordId",
                   case when invoice_id is not null then 'Invoice' else 'ServiceVehicle' end as "recordType"
            from parked_items where park_line = ${input.parkLine} and ${column} is distinct from ${recordId}`,
      );
      if (occupant) {
        const msg = `Line ${input.parkLine} already holds ${occupant.recordType} ${occupant.recordId}`;
        throw new HttpError(409, 'Conflict', msg, { parkLine: [msg] });
      }
      const [existing] = await tx.rows<{ id: number }>(
        sql`select id from parked_items where ${column} = ${recordId}`,
      );
      let before: number[] = [];
      if (existing) {
        const old = (await parkedFacts(tx, existing.id))!;
        const consumed = await consumeAlertsWhere(
          tx,
          this.hub,
          sql`a.parked_item_id = ${existing.id} and a.type = 'ParkedForMe'`,
        );
        before = [
          ...consumed.map((c) => c.userId),
          ...(await parkedAudience(tx, old, user.id)).map((a) => a.userId),
        ];
      }
      const [row] = await tx.rows<{ id: number }>(
        existing
          ? sql`update parked_items set park_line = ${input.parkLine}, parked_at = now(), parked_by_user_id = ${user.id},
                       parked_for_user_id = ${input.parkedForUserId ?? null}, parked_for_message_group_id = ${input.parkedForMessageGroupId ?? null}
                where id = ${existing.id} returning id`
          : sql`insert into parked_items (park_line, parked_by_user_id, parked_for_user_id, parked_for_message_group_id, ${column})
                values (${input.parkLine}, ${user.id}, ${input.parkedForUserId ?? null}, ${input.parkedForMessageGroupId ?? null}, ${recordId})
                returning id`,
      );
      const item = (await parkedFacts(tx, row.id))!;
      const audience = await parkedAudience(tx, item, user.id);
      await announceParked(tx, this.hub, item, audience, before);
      await audit(tx, user, {
        activity: existing ? 'Moved parked record' : 'Parked record',
        type: existing ? 'update' : 'create',
        recordType,
        recordId,
        details: {
          parkLine: input.parkLine,
          userId: input.parkedForUserId ?? undefined,
          messageGroupId: input.parkedForMessageGroupId ?? undefined,
        },
      });
      return row.id;
    });
    return this.item(id);
  }

  /** Removes a parked item: its pending alerts are consumed everywhere and everyone concerned gets a ParkedUpdate. */
  async unpark(user: SessionUser, id: number) {
    await this.db.transaction(async (tx) => {
      await tx.rows(sql`select pg_advisory_xact_lock(${PARKING_LOCK})`);
      const item = await parkedFacts(tx, id);
      if (!item) throw notFound(`Parked item ${id} does not exist.`);
      const audience = await parkedAudience(tx, item, null);
      await this.checkMayRemove(
        tx,
        user,
        id,
        audience.map((a) => a.userId),
      );
      const consumed = await consumeAlertsWhere(
        tx,
        this.hub,
        sql`a.parked_item_id = ${id} and a.type = 'ParkedForMe'`,
      );
      await announceRemoved(tx, this.hub, item, [
        ...audience.map((a) => a.userId),
        ...consumed.map((c) => c.userId),
      ]);
      await tx.rows(sql`delete from parked_items where id = ${id}`);
      await audit(tx, user, {
        activity: 'Removed parked record',
        type: 'delete',
        recordType: item.recordType,
        recordId: item.recordId,
        details: { parkLine: item.parkLine },
      });
    });
  }

  private async checkTarget(tx: Db, input: ParkInput) {
    if (input.parkedForUserId != null) {
      const [u] = await tx.rows(sql`select id from users where id = ${input.parkedForUserId} and is_active`);
      if (!u) throw badRequest('parkedForUserId', `No active user ${input.parkedForUserId}`);
    } else {
      const groupId = input.parkedForMessageGroupId!;
      const [g] = await tx.rows(sql`select id from message_groups where id = ${groupId} and is_active`);
      if (!g || groupId === IGNORED_MESSAGE_GROUP_ID)
        throw badRequest('parkedForMessageGroupId', `No message group ${groupId}`);
    }
  }

  /** The people an item concerns (parked by or for them, or a member/Always subscriber of its group) and supervisors. */
  private async checkMayRemove(tx: Db, user: SessionUser, id: number, audience: number[]) {
    if (SUPERVISORS.includes(user.userRoleId) || audience.includes(user.id)) return;
    const [row] = await tx.rows(
      sql`select 1 from parked_items p where p.id = ${id} and (p.parked_by_user_id = ${user.id} or p.parked_for_user_id = ${user.id}
            or exists (select 1 from message_group_members m where m.message_group_id = p.parked_for_message_group_id and m.user_id = ${user.id}))`,
    );
    if (!row) throw forbidden('Only the people this item is parked for (or by) can remove it.');
  }
}
