import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import { PNG_1X1 } from '../../test/multipart.js';
import type { App } from '../app-type.js';
import type { SessionUser } from '../auth/sessions.js';
import type { Database } from '../db/client.js';
import { FileStore } from '../files/file-store.js';
import { HttpError, notFound } from '../http/errors.js';
import { insertAlerts } from '../modules/alerts/index.js';
import type { UserAlert } from '../realtime/hub.js';
import { assertReference, defineRecordType, LockableRecord, RecordHistory } from './index.js';
import { withdrawRecordType } from './registry.js';

/** The kernel over a table of its own, to show it is generic over the table. */
const suffix = `${process.pid}_${Math.floor(Math.random() * 1e6)}`;
const things = `kernel_things_${suffix}`;
const locks = `kernel_thing_locks_${suffix}`;
const history = `kernel_thing_history_${suffix}`;

let app: App;
let db: Database;
let holder: SessionUser;
let other: SessionUser;
let manager: SessionUser;

const userByName = async (userName: string): Promise<SessionUser> => {
  const [u] = await db.rows<SessionUser>(
    sql`select id, user_name as "userName", first_name as "firstName", last_name as "lastName",
               user_role_id as "userRoleId", facility_id as "facilityId", null::int as "brandId", null::int as tzo,
               0 as "sessionId"
        from users where user_name = ${userName}`,
  );
  return { ...u, sessionId: null as unknown as number };
};

/** The one declaration of the record type: its table and the log detail that names it. */
const thingType = defineRecordType({
  recordType: 'KernelThing',
  table: things,
  logDetail: { name: 'kernelThingId', paramId: 9901 },
});

const thing = new LockableRecord<{ name: string }>({
  record: thingType,
  label: 'Thing',
  lockTable: locks,
  lockKey: 'thing_id',
  state: sql`r.name`,
  notFound: (id) => notFound(`Thing ${id} not found.`),
  activities: { lock: 'Locked thing', unlock: 'Unlocked thing', removeOther: 'Removed thing lock' },
});

const contacts: number[] = [];
const thingHistory = new RecordHistory({
  record: thingType,
  table: history,
  key: 'thing_id',
  onContact: async (work, id) => {
    contacts.push(id);
    await work.rows(sql`update ${sql.raw(things)} set name = name || ' (contacted)' where id = ${id}`);
  },
});

const status = async (p: Promise<unknown>) => {
  try {
    await p;
    return 200;
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, detail: e.detail };
    throw e;
  }
};

beforeAll(async () => {
  app = await createTestApp();
  db = app.deps.db;
  await db.rows(sql.raw(`create table ${things} (id serial primary key, name text not null)`));
  await db.rows(
    sql.raw(`create table ${locks} (id serial primary key, thing_id int not null unique references ${things}(id),
             user_id int not null references users(id), locked_at timestamptz not null default now())`),
  );
  await db.rows(
    sql.raw(`create table ${history} (id serial primary key, thing_id int not null references ${things}(id),
             activity text not null, user_id int, details text, activity_log_id int,
             activity_date timestamptz not null default now(), is_contact boolean not null default false)`),
  );
  holder = await userByName('103');
  other = await userByName('105');
  manager = await userByName('102');
});

afterAll(async () => {
  // The test files share one registry (isolate: false): the next file must not find this test's type.
  withdrawRecordType(thingType.recordType);
  await db.rows(sql.raw(`drop table if exists ${history}, ${locks}, ${things}`));
  await app.close();
});

const newThing = async (name = 'thing') =>
  (await db.rows<{ id: number }>(sql`insert into ${sql.raw(things)} (name) values (${name}) returning id`))[0]
    .id;

describe('unit of work', () => {
  it('runs afterCommit hooks only once the transaction has committed, and never on rollback', async () => {
    const events: string[] = [];
    const id = await newThing();
    await db.transaction(async (work) => {
      await work.rows(sql`update ${sql.raw(things)} set name = 'renamed' where id = ${id}`);
      work.afterCommit(async () => {
        // The hook sees the committed row from another connection's point of view (the database).
        const [row] = await db.rows<{ name: string }>(
          sql`select name from ${sql.raw(things)} where id = ${id}`,
        );
        events.push(`after commit: ${row.name}`);
      });
      work.onRollback(() => {
        events.push('rolled back');
      });
      events.push('in transaction');
    });
    expect(events).toEqual(['in transaction', 'after commit: renamed']);

    const failed: string[] = [];
    await expect(
      db.transaction(async (work) => {
        await work.rows(sql`update ${sql.raw(things)} set name = 'lost' where id = ${id}`);
        work.afterCommit(() => {
          failed.push('after commit');
        });
        work.onRollback(() => {
          failed.push('rolled back');
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(failed).toEqual(['rolled back']);
    const [row] = await db.rows<{ name: string }>(sql`select name from ${sql.raw(things)} where id = ${id}`);
    expect(row.name).toBe('renamed');
  });

  it('a nested unit is a savepoint: its rollback runs its own hooks, its commit waits for the outer one', async () => {
    const events: string[] = [];
    await db.transaction(async (outer) => {
      await expect(
        outer.transaction(async (inner) => {
          inner.afterCommit(() => {
            events.push('inner 1 committed');
          });
          inner.onRollback(() => {
            events.push('inner 1 rolled back');
          });
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await outer.transaction(async (inner) => {
        inner.afterCommit(() => {
          events.push('inner 2 committed');
        });
      });
      events.push('outer body done');
    });
    expect(events).toEqual(['inner 1 rolled back', 'outer body done', 'inner 2 committed']);
  });

  it('on the database itself afterCommit runs at once and onRollback never', async () => {
    const events: string[] = [];
    db.afterCommit(() => {
      events.push('now');
    });
    db.onRollback(() => {
      events.push('never');
    });
    expect(events).toEqual(['now']);
  });

  it('a hook that fails does not undo the commit nor fail the caller', async () => {
    const id = await newThing('kept');
    const ran: string[] = [];
    await db.transaction(async (work) => {
      await work.rows(sql`update ${sql.raw(things)} set name = 'kept too' where id = ${id}`);
      work.afterCommit(() => {
        throw new Error('hook broke');
      });
      work.afterCommit(() => {
        ran.push('second hook');
      });
    });
    expect(ran).toEqual(['second hook']);
  });
});

describe('alerts in a unit of work', () => {
  it('push themselves once the work commits, and never when it rolls back', async () => {
    const pushed: UserAlert[] = [];
    const hub = { push: (alerts: readonly UserAlert[]) => void pushed.push(...alerts) };
    const alert = () => ({ type: 'DealerWarranty' as const, userId: holder.id, senderName: 'Kernel test' });
    await expect(
      db.transaction(async (work) => {
        const created = await insertAlerts(work, hub, [alert()]);
        expect(created).toHaveLength(1);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(pushed).toEqual([]);

    let inside = -1;
    const created = await db.transaction(async (work) => {
      const made = await insertAlerts(work, hub, [alert()]);
      inside = pushed.length;
      return made;
    });
    expect(inside).toBe(0);
    expect(pushed).toEqual(created);
    expect(pushed[0]).toMatchObject({
      userId: holder.id,
      alert: { type: 'DealerWarranty', senderName: 'Kernel test' },
    });
  });
});

describe('stored files in a unit of work', () => {
  const image = () => ({
    filename: 'proof.png',
    // A whole picture: the store re-encodes images, so a header alone would be refused.
    buffer: PNG_1X1,
    mime: 'image/png',
    ext: 'png',
  });
  const exists = async (rel: string) =>
    (await db.rows(sql`select 1 from stored_files where path = ${rel}`)).length > 0;

  it('a file written in a unit of work that rolls back deletes itself; a committed one stays', async () => {
    const store = new FileStore(db, app.deps.config);
    let rolledBack = '';
    await expect(
      db.transaction(async (work) => {
        rolledBack = await store.saveImage(work, image(), 'kernel-test', {
          ownerType: 'KernelThing',
          ownerId: 1,
        });
        expect(fs.existsSync(path.join(store.root, rolledBack))).toBe(true);
        throw new Error('refused after the upload');
      }),
    ).rejects.toThrow('refused after the upload');
    expect(rolledBack).not.toBe('');
    expect(fs.existsSync(path.join(store.root, rolledBack))).toBe(false);
    expect(await exists(rolledBack)).toBe(false);

    const kept = await db.transaction((work) =>
      store.saveImage(work, image(), 'kernel-test', { ownerType: 'KernelThing', ownerId: 1 }),
    );
    expect(fs.existsSync(path.join(store.root, kept))).toBe(true);
    expect(await exists(kept)).toBe(true);
  });
});

describe('lockable record', () => {
  it('takes the lock, refuses another user with 409 naming the holder, and shows the holder', async () => {
    const id = await newThing();
    expect(await thing.take(db, holder, id)).toBe(true);
    expect(await thing.take(db, holder, id)).toBe(false);
    const name = `${holder.firstName} ${holder.lastName}`;
    expect(await status(thing.take(db, other, id))).toEqual({
      status: 409,
      detail: `Thing ${id} is locked by ${name}.`,
    });
    expect(await status(db.transaction((work) => thing.loadForWrite(work, id, other)))).toEqual({
      status: 409,
      detail: `Thing ${id} is locked by ${name}.`,
    });
    const target = await db.transaction((work) => thing.loadForWrite(work, id, holder));
    expect(target).toEqual({ id, name: 'thing', lockUserId: holder.id, lockHolder: name });
    const [lock] = await thing.holders(db, id);
    expect(lock).toEqual(expect.objectContaining({ recordId: id, userId: holder.id, user: name }));
    const logs = await db.rows<{ activity: string; paramId: number; value: string }>(
      sql`select l.activity, d.param_id as "paramId", d.value from activity_logs l
          join activity_log_details d on d.activity_log_id = l.id and d.name = 'kernelThingId'
          where l.record_type = 'KernelThing' and l.record_id = ${id} order by l.id`,
    );
    // The declared log detail names the record on its log, with the declared parameter id.
    expect(logs).toEqual([{ activity: 'Locked thing', paramId: 9901, value: String(id) }]);
  });

  it('releases: own lock only by its holder, all by anyone the route lets, by id with locks.override', async () => {
    const id = await newThing();
    await thing.take(db, holder, id);
    expect(await status(thing.releaseOwn(db, other, id))).toEqual({
      status: 409,
      detail: `Thing ${id} is locked by ${holder.firstName} ${holder.lastName}; only they or a manager can remove the lock.`,
    });
    expect(await thing.releaseOwn(db, holder, id)).toBe(true);
    expect(await thing.releaseOwn(db, holder, id)).toBe(false);
    expect(await thing.holders(db, id)).toEqual([]);

    await thing.take(db, holder, id);
    expect(await thing.releaseAll(db, other, id)).toBe(true);
    expect(await thing.holders(db, id)).toEqual([]);

    await thing.take(db, holder, id);
    const [lock] = await thing.holders(db, id);
    expect(await status(thing.releaseById(db, other, lock.id))).toMatchObject({ status: 409 });
    await thing.releaseById(db, manager, lock.id);
    expect(await status(thing.releaseById(db, manager, lock.id))).toEqual({
      status: 404,
      detail: `Thing lock ${lock.id} not found.`,
    });
    const logs = await db.rows<{ activity: string; lockUserId: string | null }>(
      sql`select l.activity, d.value as "lockUserId" from activity_logs l
          left join activity_log_details d on d.activity_log_id = l.id and d.name = 'lockUserId'
          where l.record_type = 'KernelThing' and l.record_id = ${id} order by l.id`,
    );
    expect(logs).toEqual([
      { activity: 'Locked thing', lockUserId: null },
      { activity: 'Unlocked thing', lockUserId: null },
      { activity: 'Locked thing', lockUserId: null },
      { activity: 'Removed thing lock', lockUserId: String(holder.id) },
      { activity: 'Locked thing', lockUserId: null },
      { activity: 'Removed thing lock', lockUserId: String(holder.id) },
    ]);
  });

  it('an unknown record is the definition’s 404', async () => {
    expect(await status(thing.take(db, holder, 987654321))).toEqual({
      status: 404,
      detail: 'Thing 987654321 not found.',
    });
  });
});

describe('record history and references', () => {
  it('writes the activity log row and the history entry linked to it, in the unit of work', async () => {
    const id = await newThing('noted');
    const logId = await db.transaction((work) =>
      thingHistory.record(work, holder, id, {
        activity: 'Called the customer',
        details: 'voicemail',
        contact: true,
      }),
    );
    const [entry] = await db.rows<{
      activity: string;
      details: string;
      activityLogId: number;
      isContact: boolean;
    }>(
      sql`select activity, details, activity_log_id as "activityLogId", is_contact as "isContact"
          from ${sql.raw(history)} where thing_id = ${id}`,
    );
    expect(entry).toEqual({
      activity: 'Called the customer',
      details: 'voicemail',
      activityLogId: logId,
      isContact: true,
    });
    expect(contacts).toContain(id);
    const [row] = await db.rows<{ name: string }>(sql`select name from ${sql.raw(things)} where id = ${id}`);
    expect(row.name).toBe('noted (contacted)');

    await expect(
      db.transaction(async (work) => {
        await thingHistory.record(work, holder, id, { activity: 'Rolled back' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const entries = await db.rows(sql`select 1 from ${sql.raw(history)} where thing_id = ${id}`);
    expect(entries).toHaveLength(1);
  });

  it('assertReference answers the row or a 400 naming the field', async () => {
    const [facility] = await db.rows<{ id: number; name: string }>(
      sql`select id, name from facilities where is_active order by id limit 1`,
    );
    expect(await assertReference(db, 'facility', facility.id, 'facilityId')).toEqual(facility);
    expect(await assertReference(db, 'facility', null, 'facilityId')).toBeUndefined();
    await expect(assertReference(db, 'facility', 99999999, 'facilityId')).rejects.toMatchObject({
      status: 400,
      errors: { facilityId: ['Unknown facility 99999999'] },
    });
  });
});
