import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import type { Db } from '../unit-of-work.js';
import { DERIVED, EVENT_TRIGGERS, INVOICE_SEARCH_COLUMNS } from './catalogue.js';
import { checkAndRepairDerived, checkDerived } from './check.js';

/**
 * The catalogue of derived data (issue #33 items 1-3): it names every trigger the database has, its triggers and
 * functions exist, the column lists written by hand in the migrations are the declared ones, and after the seed
 * and a randomized workload of plain SQL (inserts, updates of every source column, deletes, multi-row statements;
 * transactions at once on PostgreSQL) every copy equals its recomputation. On PostgreSQL the test files share one
 * database: the workload writes only rows it made, and the drift it injects is on its own rows.
 */
let app: App;
let db: Db;
beforeAll(async () => {
  app = await createTestApp();
  db = app.deps.db;
});
afterAll(() => app?.close());

const q = <T>(text: string) => db.rows<T>(sql.raw(text));

describe('the catalogue against the database', () => {
  it('every trigger belongs to a declared copy or is a named event trigger, and every declared one exists', async () => {
    const found = await q<{ tbl: string; name: string }>(
      `select c.relname as tbl, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and n.nspname = current_schema()`,
    );
    const key = (t: { tbl?: string; table?: string; name: string }) => `${t.tbl ?? t.table}.${t.name}`;
    const declared = new Set([...DERIVED.flatMap((c) => c.triggers), ...EVENT_TRIGGERS].map(key));
    const present = new Set(found.map(key));
    expect(
      [...present].filter((t) => !declared.has(t)),
      'triggers no declaration owns',
    ).toEqual([]);
    expect(
      [...declared].filter((t) => !present.has(t)),
      'declared triggers missing from the database',
    ).toEqual([]);
  });

  it('every declared function exists', async () => {
    const names = (
      await q<{ name: string }>(
        `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = current_schema()`,
      )
    ).map((r) => r.name);
    const declared = DERIVED.flatMap((c) => c.functions);
    expect(declared.filter((f) => !names.includes(f))).toEqual([]);
  });

  it("every declared copy's target and source columns exist", async () => {
    const columns = await q<{ tbl: string; col: string }>(
      `select table_name as tbl, column_name as col from information_schema.columns where table_schema = current_schema()`,
    );
    const has = new Set(columns.map((c) => `${c.tbl}.${c.col}`));
    const missing = DERIVED.flatMap((c) => [
      ...[...c.target.key, ...c.target.columns].map((col) => `${c.target.table}.${col}`),
      ...Object.entries(c.sources).flatMap(([t, cols]) =>
        cols.filter((x) => x !== '*').map((col) => `${t}.${col}`),
      ),
    ]).filter((c) => !has.has(c));
    expect(missing).toEqual([]);
  });

  it("the search copy's hand-written lists are the declared columns (table, copy function, UPDATE OF, WHEN)", async () => {
    const copy = DERIVED.find((c) => c.name === 'invoice-search-copy');
    const declared = ['id', ...INVOICE_SEARCH_COLUMNS].sort();
    const table = (
      await q<{ col: string }>(
        `select column_name as col from information_schema.columns
          where table_schema = current_schema() and table_name = 'invoice_search'`,
      )
    ).map((r) => r.col);
    expect(table.sort(), 'the invoice_search table').toEqual(declared);
    expect(copy?.target.columns.slice().sort()).toEqual([...INVOICE_SEARCH_COLUMNS].sort());
    const [fn] = await q<{ def: string }>(`select pg_get_functiondef('invoice_search_copy'::regproc) as def`);
    const selected = /SELECT\s+([\s\S]+?)\s+FROM invoices i/i.exec(fn.def)?.[1] ?? '';
    expect(
      selected
        .split(',')
        .map((s) => s.trim().replace(/^i\./, ''))
        .sort(),
      'the columns invoice_search_copy reads',
    ).toEqual(declared);
    const updated = /DO UPDATE SET([\s\S]+?);/i.exec(fn.def)?.[1] ?? '';
    expect(
      [...updated.matchAll(/(\w+)\s*=\s*excluded\.(\w+)/g)]
        .map((m) => (m[1] === m[2] ? m[1] : `${m[1]}≠${m[2]}`))
        .sort(),
      'the columns its upsert sets',
    ).toEqual([...INVOICE_SEARCH_COLUMNS].sort());
    const [trigger] = await q<{ def: string; cols: string[] }>(
      `select pg_get_triggerdef(t.oid) as def,
              array(select a.attname::text from unnest(t.tgattr) k join pg_attribute a
                     on a.attrelid = t.tgrelid and a.attnum = k) as cols
         from pg_trigger t where t.tgname = 'invoices_search_updated'`,
    );
    expect([...trigger.cols].sort(), 'UPDATE OF').toEqual(declared);
    const when = /WHEN \(([\s\S]+)\) EXECUTE/.exec(trigger.def)?.[1] ?? '';
    const olds = [...when.matchAll(/old\.(\w+)/gi)].map((m) => m[1]).sort();
    const news = [...when.matchAll(/new\.(\w+)/gi)].map((m) => m[1]).sort();
    expect(olds, 'WHEN (OLD.…)').toEqual(declared);
    expect(news, 'WHEN (NEW.…)').toEqual(declared);
  });
});

describe('drift', () => {
  it('none after the seed', async () => {
    const results = await checkDerived(db);
    expect(results.filter((r) => r.drift)).toEqual([]);
    expect(results.filter((r) => r.drift === null).map((r) => r.name)).toEqual(['appointment-versions']);
  });

  it('none after a randomized workload of plain SQL on every source column', async () => {
    let seed = 20261129;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const mine = await makeOwnRows(db, 6);
    const rounds = db.kind === 'postgres' ? 4 : 2;
    for (let round = 0; round < rounds; round++) {
      // On PostgreSQL the round's statements run as several transactions at once.
      const batches = Array.from({ length: db.kind === 'postgres' ? 3 : 1 }, () =>
        Array.from({ length: 8 }, () => pick(workload)(mine, random, pick)),
      );
      // Random rows in random order deadlock now and then: PostgreSQL rolls one back, which is retried (a rolled
      // back transaction must leave no drift either).
      await Promise.all(
        batches.map(async (statements) => {
          for (let attempt = 1; ; attempt++) {
            try {
              return await db.transaction(async (tx) => {
                for (const s of statements) await tx.rows(sql.raw(s));
              });
            } catch (err) {
              if (!deadlocked(err) || attempt === 8) throw err;
              // After a pause of its own: retried at once, the same batches met in the same order again.
              await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 100 * attempt));
            }
          }
        }),
      );
      const drifted = (await checkDerived(db)).filter((r) => r.drift);
      expect(drifted, `round ${round}`).toEqual([]);
    }
    await deleteOwnRows(mine);
    expect((await checkDerived(db)).filter((r) => r.drift)).toEqual([]);
  });

  it('a later submission marks the earlier ones of its invoice superseded, one insert or several rows at once', async () => {
    const mine = await makeOwnRows(db, 2);
    const insert = (invoice: number, n: number) =>
      q(`insert into claim_submissions (invoice_id, clearing_house_id, state, sent_at, sent_on, amount_claimed)
         select ${invoice}, (select id from clearing_houses order by id limit 1), 'Rejected',
                now() - interval '1 hour' * (10 - g), 'submit', 100 from generate_series(1, ${n}) g`);
    await insert(mine.invoices[0], 1);
    await insert(mine.invoices[1], 2);
    await insert(mine.invoices[0], 2);
    const marks = await q<{ invoice: number; superseded: boolean }>(
      `select invoice_id as invoice, superseded_at is not null as superseded from claim_submissions
        where invoice_id = any(array[${mine.invoices}]) order by id`,
    );
    expect(marks.map((m) => [m.invoice, m.superseded])).toEqual([
      [mine.invoices[0], true],
      [mine.invoices[1], true],
      [mine.invoices[1], false],
      [mine.invoices[0], true],
      [mine.invoices[0], false],
    ]);
    expect((await checkDerived(db, ['claim-superseded']))[0].drift).toBe(0);
    await deleteOwnRows(mine);
  });

  // Migration 0036. Two connections: the first changes a source row and holds its transaction open a moment; the
  // second, meanwhile, points a row at that source (or writes the copy directly). Whichever order they commit in,
  // the copy must be the source's committed value, and neither may deadlock.
  it.skipIf(!process.env.DATABASE_URL)(
    'none when a row is pointed at a source that another transaction is changing (PostgreSQL)',
    async () => {
      const mine = await makeOwnRows(db, 2);
      const [a, b] = mine.invoices;
      const [v0] = mine.vehicles;
      const [p0] = mine.appointments;
      const [s0, s1] = mine.schedules;
      const race = async (first: string, second: string) => {
        let changed!: () => void;
        const sourceChanged = new Promise<void>((resolve) => {
          changed = resolve;
        });
        const t1 = db.transaction(async (tx) => {
          await tx.rows(sql.raw(first));
          changed();
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        await sourceChanged;
        await Promise.all([t1, db.transaction((tx) => tx.rows(sql.raw(second)))]);
      };
      const drift = async (name: string) => (await checkDerived(db, [name]))[0].drift;

      await race(
        `update invoices set completed = not completed, funded = not funded where id = ${b}`,
        `update service_vehicles set invoice_id = ${b} where id = ${v0}`,
      );
      expect(await drift('vehicle-invoice-state'), 'a vehicle given an invoice being completed').toBe(0);
      await race(
        `update invoices set completed = not completed where id = ${b}`,
        `update service_vehicles set invoice_completed = not invoice_completed where id = ${v0}`,
      );
      expect(await drift('vehicle-invoice-state'), "a direct write to the vehicle's copy meanwhile").toBe(0);

      await race(
        `update invoices set sold_to = 'Raced Name' where id = ${a}`,
        `update appointments set invoice_id = ${a} where id = ${p0}`,
      );
      await race(
        `update appointment_schedules set time_allowed = 135 where id = ${s1}`,
        `update appointments set schedule_id = ${s1} where id = ${p0}`,
      );
      expect(
        await drift('visit-calendar-copies'),
        'a visit given a schedule and an invoice being changed',
      ).toBe(0);

      await race(
        `update invoices set void = not void where id = ${a}`,
        `update appointment_schedules set invoice_id = ${a},
                loaner_car_id = (select id from loaner_cars order by id limit 1) where id = ${s0}`,
      );
      expect(await drift('loaner-reservations'), 'a loaner schedule given an invoice being voided').toBe(0);
      const [r] = await q<{ cancelled: boolean; void: boolean }>(
        `select r.cancelled_at is not null as cancelled, i.void from loaner_reservations r
           join invoices i on i.id = r.invoice_id where r.appointment_schedule_id = ${s0}`,
      );
      expect(r.cancelled).toBe(r.void);
      // A schedule the invoice's trigger already finds: that trigger waits for it (no lock taken, no deadlock).
      await race(
        `update invoices set lost = not lost where id = ${a}`,
        `update appointment_schedules set expected_return_time = now() + interval '3 days' where id = ${s0}`,
      );
      expect(await drift('loaner-reservations'), 'its expected return changed meanwhile').toBe(0);
      // A car of the test's own: given to a schedule while an admin corrects its type, then corrected again.
      const [source] = await q<{ id: number; type: number }>(
        `select id, loaner_car_type_id as type from loaner_cars order by id limit 1`,
      );
      const [car] = await copyRow(db, 'loaner_cars', source.id, `jsonb_build_object('name', 'Drift car')`);
      const otherType = `(select id from loaner_car_types where id <> (select loaner_car_type_id from loaner_cars
                           where id = ${car}) order by id limit 1)`;
      await race(
        `update loaner_cars set loaner_car_type_id = ${otherType} where id = ${car}`,
        `update appointment_schedules set loaner_car_id = ${car} where id = ${s1}`,
      );
      expect(await drift('loaner-reservations'), 'a car given while its type changes').toBe(0);
      await q(`update loaner_cars set loaner_car_type_id = ${otherType} where id = ${car}`);
      expect(await drift('loaner-reservations'), "a car's type corrected").toBe(0);
      await deleteOwnRows(mine);
      await q(`delete from loaner_cars where id = ${car}`);
      expect((await checkDerived(db)).filter((d) => d.drift)).toEqual([]);
    },
  );

  it('is found row by row, and --repair rewrites what differs', async () => {
    const mine = await makeOwnRows(db, 2);
    const [a, b] = mine.invoices;
    // Copies written behind the triggers' back (replica role: no trigger fires), on rows of this test only.
    await db.transaction(async (tx) => {
      await tx.rows(sql.raw(`set local session_replication_role = replica`));
      await tx.rows(sql.raw(`update invoice_search set sold_to = 'Drifted Name' where id = ${a}`));
      await tx.rows(sql.raw(`delete from invoice_search where id = ${b}`));
      await tx.rows(sql.raw(`update invoices set completed = true, void = false where id = ${a}`));
      await tx.rows(
        sql.raw(`update appointment_schedules set time_allowed = 95 where id = ${mine.schedules[0]}`),
      );
    });
    const drift = new Map((await checkDerived(db)).map((r) => [r.name, r.drift]));
    expect(drift.get('invoice-search-copy')).toBe(3); // a's row differs (2: the kept and the expected), b's is missing
    expect(drift.get('invoice-name-counts')).toBeGreaterThan(0);
    expect(drift.get('vehicle-invoice-state')).toBe(2);
    expect(drift.get('visit-calendar-copies')).toBe(2);
    const repaired = await checkAndRepairDerived(db);
    expect(repaired.filter((r) => r.drift).every((r) => r.afterRepair === 0)).toBe(true);
    expect((await checkDerived(db)).filter((r) => r.drift)).toEqual([]);
    const [row] = await q<{ sold_to: string }>(`select sold_to from invoice_search where id = ${a}`);
    expect(row.sold_to).not.toBe('Drifted Name');
  });
});

interface Own {
  invoices: number[];
  vehicles: number[];
  schedules: number[];
  appointments: number[];
}

/** A row copied with a new key and the overrides (a jsonb expression; `g` counts the copies); the new ids. */
async function copyRow(db: Db, table: string, id: number, overrides: string, times = 1) {
  const rows = <T>(text: string) => db.rows<T>(sql.raw(text));
  const columns = (
    await rows<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = '${table}' and is_generated = 'NEVER'
          and column_name <> 'id' order by ordinal_position`,
    )
  ).map((c) => `"${c.name}"`);
  const made = await rows<{ id: number }>(
    `insert into ${table} (${columns.join(', ')})
       select ${columns.map((c) => `r.${c}`).join(', ')}
         from ${table} t cross join generate_series(1, ${times}) g
         cross join lateral jsonb_populate_record(t, ${overrides}) r
        where t.id = ${id} returning id`,
  );
  return made.map((x) => Number(x.id));
}

/**
 * Rows of the test's own, copied from seeded ones by plain SQL (each seeded row with a new key and overrides), so
 * the workload changes nothing another test reads: n invoices, a vehicle and a schedule with a visit for each.
 */
async function makeOwnRows(db: Db, n: number): Promise<Own> {
  const rows = <T>(text: string) => db.rows<T>(sql.raw(text));
  const [source] = await rows<{ invoice: number; vehicle: number; schedule: number; appointment: number }>(
    `select a.invoice_id as invoice, s.id as schedule, a.id as appointment,
            (select v.id from service_vehicles v order by v.id limit 1) as vehicle
       from appointments a join appointment_schedules s on s.id = a.schedule_id
      order by a.id limit 1`,
  );
  const copy = (table: string, id: number, overrides: string, times = 1) =>
    copyRow(db, table, id, overrides, times);
  // One statement for all the invoices (the insert trigger's transition table holds several rows).
  const invoices = await copy(
    'invoices',
    source.invoice,
    `jsonb_build_object('sold_to', 'Derived Drift ' || g, 'vin', 'DRIFT' || g, 'completed', g % 2 = 0,
                        'funded', g % 3 = 0, 'void', false)`,
    n,
  );
  const vehicles: number[] = [];
  const schedules: number[] = [];
  const appointments: number[] = [];
  for (const invoice of invoices) {
    vehicles.push(
      ...(await copy('service_vehicles', source.vehicle, `jsonb_build_object('invoice_id', ${invoice})`)),
    );
    const [schedule] = await copy(
      'appointment_schedules',
      source.schedule,
      `jsonb_build_object('invoice_id', ${invoice}, 'loaner_car_id', null)`,
    );
    schedules.push(schedule);
    appointments.push(
      ...(await copy(
        'appointments',
        source.appointment,
        `jsonb_build_object('invoice_id', ${invoice}, 'schedule_id', ${schedule})`,
      )),
    );
  }
  return { invoices, vehicles, schedules, appointments };
}

/** Whether PostgreSQL rolled the transaction back as a deadlock (40P01), anywhere in the error's causes. */
function deadlocked(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '40P01') return true;
  return false;
}

/** Deletes the rows makeOwnRows made: the vehicles and visits first (their invoice's keys), then the invoices. */
async function deleteOwnRows(mine: Own) {
  await q(`delete from appointments where id = any(array[${mine.appointments}])`);
  await q(`delete from service_vehicles where id = any(array[${mine.vehicles}])`);
  await q(`delete from loaner_reservations where appointment_schedule_id = any(array[${mine.schedules}])`);
  await q(`delete from appointment_schedules where id = any(array[${mine.schedules}])`);
  await q(`delete from invoices where id = any(array[${mine.invoices}])`);
}

type Statement = (own: Own, random: () => number, pick: <T>(xs: readonly T[]) => T) => string;

/** Plain SQL over the test's own rows: each source column of each copy, one row or several at once. */
const workload: readonly Statement[] = [
  // Every copied column of the search copy and the counts, one invoice or all of them in one statement.
  ...INVOICE_SEARCH_COLUMNS.filter((c) => c !== 'facility_id').map(
    (column): Statement =>
      (own, random, pick) => {
        const target = random() < 0.5 ? `id = ${pick(own.invoices)}` : `id = any(array[${own.invoices}])`;
        const value: Record<string, string> = {
          lost: 'not lost',
          submitted: 'not submitted',
          signed: 'not signed',
          replacement: 'not replacement',
          follow_up_at: `now() + interval '${Math.floor(random() * 90)} hours'`,
          open_date_time: `open_date_time - interval '1 day'`,
          vehicle_year: `${1995 + Math.floor(random() * 30)}`,
        };
        return `update invoices set ${column} = ${value[column] ?? `'${column.slice(0, 3)}${Math.floor(random() * 5)}'`} where ${target}`;
      },
  ),
  (own, _r, pick) =>
    `update invoices set facility_id = (select id from facilities order by random() limit 1) where id = ${pick(own.invoices)}`,
  (own, _r, pick) => `update invoices set sold_to = null where id = ${pick(own.invoices)}`,
  (own, _r, pick) => `update invoices set completed = not completed where id = ${pick(own.invoices)}`,
  (own) => `update invoices set funded = not funded where id = any(array[${own.invoices}])`,
  (own, _r, pick) => `update invoices set void = not void where id = ${pick(own.invoices)}`,
  // The vehicle moved to another invoice; a direct write to its copy (recomputed by its trigger).
  (own, _r, pick) =>
    `update service_vehicles set invoice_id = ${pick(own.invoices)} where id = ${pick(own.vehicles)}`,
  (own, _r, pick) =>
    `update service_vehicles set invoice_completed = not invoice_completed where id = ${pick(own.vehicles)}`,
  // The visit's schedule and invoice, the schedule's time, a direct write to the visit's copy.
  (own, _r, pick) =>
    `update appointments set schedule_id = ${pick(own.schedules)} where id = ${pick(own.appointments)}`,
  (own, _r, pick) =>
    `update appointments set invoice_id = ${pick(own.invoices)} where id = ${pick(own.appointments)}`,
  (own, random, pick) =>
    `update appointment_schedules set time_allowed = ${15 + Math.floor(random() * 8) * 15} where id = ${pick(own.schedules)}`,
  (own, _r, pick) =>
    `update appointments set customer_name = 'Someone Else', time_allowed = 1 where id = ${pick(own.appointments)}`,
  // The visit's time and status, the schedule's expected return, the invoice's customer and lost flag (what the
  // loaner reservation follows).
  (own, random, pick) =>
    `update appointments set appointment_date_time = appointment_date_time + interval '${1 + Math.floor(random() * 48)} hours' where id = ${pick(own.appointments)}`,
  (own, random, pick) =>
    `update appointments set status_id = ${1 + Math.floor(random() * 5)} where id = ${pick(own.appointments)}`,
  (own, _r, pick) =>
    `update appointment_schedules set expected_return_time = now() + interval '2 days' where id = ${pick(own.schedules)}`,
  (own, _r, pick) => `update invoices set lost = not lost where id = ${pick(own.invoices)}`,
  (own, _r, pick) =>
    `update appointment_schedules set loaner_car_id = null where id = ${pick(own.schedules)}`,
  // A loaner car given to a schedule (its reservation appears), changed, and the invoice moved (its facility).
  (own, _r, pick) =>
    `update appointment_schedules set loaner_car_id = (select id from loaner_cars order by random() limit 1) where id = ${pick(own.schedules)}`,
  // Migration 0037: later submissions of an invoice (one, or two in one statement) mark the earlier ones
  // superseded. Under the invoice's row lock, as the send takes it.
  (own, random, pick) =>
    `with locked as (select id from invoices where id = ${pick(own.invoices)} for update)
     insert into claim_submissions (invoice_id, clearing_house_id, state, sent_at, sent_on, amount_claimed)
     select locked.id, (select id from clearing_houses order by id limit 1), 'Rejected',
            now() - interval '${Math.floor(random() * 30)} hours', 'submit', 100
       from locked cross join generate_series(1, ${1 + Math.floor(random() * 2)})`,
  // Migration 0038: a direct write to a submission's facility copy (recomputed by its trigger); the invoice's
  // move to another facility is the facility_id statement above.
  (own, _r, pick) =>
    `update claim_submissions set facility_id = (select id from facilities order by random() limit 1)
      where invoice_id = ${pick(own.invoices)}`,
];
