import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loanerReservationRow } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { createInvoice, invoiceTestContext } from '../invoices/test-helpers.js';

// Decision 0019: loaner_reservations has one writer, loaner_reservations_sync (migration 0031), run by triggers
// on its sources; the schedule form, the check-out and the seed write only the sources.
let app: App;
let admin: string;
let assistant: string;
beforeAll(async () => {
  const t = await invoiceTestContext();
  ({ app, admin } = t);
  assistant = t.adminAssistant;
});
afterAll(() => app.close());

const put = (id: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/LoanerCarUsages/${id}`, headers: auth(assistant), payload });

async function ownCar() {
  const [car] = await app.deps.db.rows<{ id: number }>(
    sql`insert into loaner_cars (facility_id, loaner_car_type_id, name, license_plate, mileage)
        values (1, 1, ${`One Writer ${Math.random().toString(36).slice(2, 8)}`}, 'TST-019', 1000) returning id`,
  );
  return car.id;
}

const stored = async (scheduleId: number) => {
  const [r] = await app.deps.db.rows<{
    loanerCarId: number;
    scheduleCarId: number | null;
    ret: string | null;
    scheduleRet: string | null;
    cancelled: boolean;
  }>(
    sql`select r.loaner_car_id as "loanerCarId", s.loaner_car_id as "scheduleCarId",
               to_json(r.expected_return) #>> '{}' as ret, to_json(s.expected_return_time) #>> '{}' as "scheduleRet",
               r.cancelled_at is not null as cancelled
        from loaner_reservations r join appointment_schedules s on s.id = r.appointment_schedule_id
        where s.id = ${scheduleId}`,
  );
  return r;
};

/** The reservations as stored, and as the one writer would write them now (rolled back). */
async function storedAndRewritten() {
  const read = (db: { rows: App['deps']['db']['rows'] }) =>
    db.rows<Record<string, unknown>>(
      sql`select appointment_schedule_id, invoice_id, customer_id, facility_id, loaner_car_type_id, loaner_car_id,
                 appointment_date, expected_return, cancelled_at is not null as cancelled
          from loaner_reservations order by appointment_schedule_id`,
    );
  const before = await read(app.deps.db);
  let after: Record<string, unknown>[] = [];
  await app.deps.db
    .transaction(async (work) => {
      await work.rows(
        sql`select loaner_reservations_sync(array(select id from appointment_schedules
              where loaner_car_id is not null or id in (select appointment_schedule_id from loaner_reservations)))`,
      );
      after = await read(work);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  return { before, after };
}

describe('loaner reservations: one writer (decision 0019)', () => {
  it('the seed: every schedule with a car has its reservation, exactly as the one writer writes it', async () => {
    const [{ missing, cancelledVoid }] = await app.deps.db.rows<{ missing: number; cancelledVoid: number }>(
      sql`select (select count(*)::int from appointment_schedules s where s.loaner_car_id is not null
                    and not exists (select 1 from loaner_reservations r where r.appointment_schedule_id = s.id)) as missing,
                 (select count(*)::int from loaner_reservations r join invoices i on i.id = r.invoice_id
                   where (i.void or i.lost) and r.cancelled_at is null) as "cancelledVoid"`,
    );
    expect(missing).toBe(0);
    expect(cancelledVoid).toBe(0);
    const { before, after } = await storedAndRewritten();
    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it('check-out with another car and a new expected return: the schedule takes them, the reservation follows', async () => {
    const [first, second] = [await ownCar(), await ownCar()];
    const { id: invoiceId } = await createInvoice(app, admin);
    const [s] = await app.deps.db.rows<{ id: number }>(
      sql`insert into appointment_schedules (invoice_id, part_type_id, loaner_car_id, expected_return_time)
          values (${invoiceId}, 1, ${first}, now() + interval '2 days') returning id`,
    );
    await app.deps.db.rows(
      sql`insert into appointments (schedule_id, invoice_id, part_type_id, facility_id, appointment_date_time)
          select ${s.id}, ${invoiceId}, 1, facility_id, now() - interval '1 hour' from invoices where id = ${invoiceId}`,
    );
    expect(await stored(s.id)).toMatchObject({ loanerCarId: first, scheduleCarId: first, cancelled: false });
    const back = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await put(s.id, {
      loanerCarId: second,
      expectedReturn: back,
      checkOutAt: new Date().toISOString(),
      checkOutMileage: 1010,
      checkOutFuel: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(loanerReservationRow, res)).toMatchObject({ loanerCarId: second, state: 'out' });
    const after = await stored(s.id);
    expect(after).toMatchObject({ loanerCarId: second, scheduleCarId: second, cancelled: false });
    expect(new Date(after.ret ?? '').getTime()).toBe(new Date(back).getTime());
    expect(after.scheduleRet).toBe(after.ret);
    // Check-in: no car or return change, the reservation stays as it was.
    const inRes = await put(s.id, {
      checkInAt: new Date().toISOString(),
      checkInMileage: 1050,
      checkInFuel: 6,
    });
    expect(inRes.statusCode, inRes.body).toBe(200);
    expect(await stored(s.id)).toEqual(after);
    // The invoice voided: cancelled; restored: active again.
    await app.deps.db.rows(sql`update invoices set void = true where id = ${invoiceId}`);
    expect(await stored(s.id)).toMatchObject({ cancelled: true });
    await app.deps.db.rows(sql`update invoices set void = false where id = ${invoiceId}`);
    expect(await stored(s.id)).toMatchObject({ cancelled: false });
  });

  it('no server code writes loaner_reservations but the one writer', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const writes = /\b(insert\s+into|update|delete\s+from)\s+"?loaner_reservations"?[\s(]/i;
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, d.name);
        if (d.isDirectory()) walk(full);
        else if (
          /\.(ts|sql)$/.test(d.name) &&
          !d.name.endsWith('.test.ts') &&
          writes.test(fs.readFileSync(full, 'utf8'))
        )
          offenders.push(path.relative(src, full));
      }
    };
    walk(src);
    // 0027 (the old triggers and its backfill) is history; 0031 defines loaner_reservations_sync.
    expect(offenders.sort()).toEqual([
      'db/migrations/0027_loaner_reservation_per_schedule.sql',
      'db/migrations/0031_loaner_reservation_one_writer.sql',
    ]);
    const writer = fs.readFileSync(
      path.join(src, 'db/migrations/0031_loaner_reservation_one_writer.sql'),
      'utf8',
    );
    const body = writer.slice(writer.indexOf('FUNCTION loaner_reservations_sync'));
    // In 0031, every write of the table is inside the writer's body.
    const writerBody = body.slice(0, body.indexOf('END $$'));
    const elsewhere = writer.replace(writerBody, '');
    expect(writes.test(elsewhere)).toBe(false);
  });
});
