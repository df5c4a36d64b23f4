import { AGE_BUCKETS, ON_TIME_GRACE_MINUTES, shiftDay, receivable, vehicleSourceLabel } from '@glass/domain';
import { type ReportAnswer, reportAnswer, reportCatalogue, type ReportTable } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { moveClaim, payClaim, submittedClaim, testClearingHouse } from '../invoices/test-helpers.js';
import {
  cents,
  dayDiff,
  expectedCsv,
  expectedSheet,
  localDay,
  mondayOf,
  parseCsv,
  percentileCont,
  sheetCells,
  tally,
  unzip,
} from './test-helpers.js';

/** Plain rows read for the independent count. */
type Row = { [key: string]: any };

let app: App;
const tokens: Record<string, string> = {};
let facilities: { id: number; name: string; tz: string; brandId: number | null }[] = [];
/** The range the whole-seed comparisons use: the year up to today (the seed's dates lead up to today). */
const to = new Date().toISOString().slice(0, 10);
const from = shiftDay(to, { years: -1, days: 1 });

beforeAll(async () => {
  app = await createTestApp();
  for (const who of ['admin', 'manager', 'leadTech', 'repairTech', 'reviewer', 'adminAssistant'] as const)
    tokens[who] = await login(app, DEMO[who]);
  facilities = await app.deps.db.rows(
    sql`select id, name, time_zone as tz, brand_id as "brandId" from facilities order by id`,
  );
});
afterAll(() => app.close());

const get = (url: string, who = 'admin') => app.inject({ method: 'GET', url, headers: auth(tokens[who]) });

async function report(
  id: string,
  params: Record<string, string | number>,
  who = 'admin',
): Promise<ReportAnswer> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  return parseAs(reportAnswer, await get(`/api/reports/${id}?${qs}`, who));
}
const tableOf = (a: ReportAnswer, id: string): ReportTable => {
  const t = a.tables.find((x) => x.id === id);
  if (!t) throw new Error(`no table ${id}`);
  return t;
};
const inRange = (day: string, f = from, t = to) => day >= f && day <= t;
const tzOf = (facilityId: number) => facilities.find((f) => f.id === facilityId)?.tz as string;
const nameOf = (facilityId: number) => facilities.find((f) => f.id === facilityId)?.name as string;
const pct = (a: number, b: number) => (b > 0 ? Math.round((a * 1000) / b) / 10 : null);
const byKey = <T extends Record<string, unknown>>(rows: T[], key: string) =>
  Object.fromEntries(rows.map((r) => [String(r[key]), r]));

describe('catalogue and access', () => {
  it('lists the five reports to managers and admins', async () => {
    const list = parseAs(reportCatalogue, await get('/api/reports'));
    expect(list.map((r) => r.id)).toEqual(['sales', 'pipeline', 'technicians', 'receivables', 'approvals']);
  });

  it('refuses roles without reports (403) and no token (401)', async () => {
    for (const who of ['leadTech', 'repairTech', 'adminAssistant', 'reviewer']) {
      const res = await get(`/api/reports/sales?from=${from}&to=${to}`, who);
      expect(res.statusCode, who).toBe(403);
    }
    const anon = await app.inject({ method: 'GET', url: `/api/reports/sales?from=${from}&to=${to}` });
    expect(anon.statusCode).toBe(401);
  });

  it('binds a facility-bound manager to their facility; another facility is a 403', async () => {
    const [me] = await app.deps.db.rows<{ facilityId: number }>(
      sql`select facility_id as "facilityId" from users where user_name = ${DEMO.manager.userName}`,
    );
    const a = await report('sales', { from, to }, 'manager');
    expect(a.facilities.map((f) => f.id)).toEqual([me.facilityId]);
    expect(tableOf(a, 'by-facility').rows.map((r) => r.facility)).toEqual(
      tableOf(await report('sales', { from, to, facilityId: me.facilityId }), 'by-facility').rows.map(
        (r) => r.facility,
      ),
    );
    const other = facilities.find((f) => f.id !== me.facilityId)?.id;
    const res = await get(`/api/reports/sales?from=${from}&to=${to}&facilityId=${other}`, 'manager');
    expect(res.statusCode).toBe(403);
    // The admin sees every facility.
    const all = await report('sales', { from, to });
    expect(all.facilities.length).toBe(facilities.length);
  });

  it('validates the range: over 3 years, reversed, not a date, unknown report (400 naming the field)', async () => {
    const cases: [string, string][] = [
      ['/api/reports/sales?from=2020-01-01&to=2023-01-01', 'to'],
      ['/api/reports/sales?from=2026-02-01&to=2026-01-31', 'to'],
      ['/api/reports/sales?from=2026-02-30&to=2026-03-01', 'from'],
      ['/api/reports/sales?to=2026-03-01', 'from'],
      ['/api/reports/sales?from=2026-01-01&to=2026-03-01&groupBy=year', 'groupBy'],
      ['/api/reports/sales?from=2026-01-01&to=2026-03-01&facilityId=x', 'facilityId'],
      ['/api/reports/nope?from=2026-01-01&to=2026-03-01', 'report'],
      ['/api/reports/sales/export?from=2026-01-01&to=2026-03-01&format=pdf', 'format'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), url).toContain(field);
    }
    // Exactly 3 years less a day is fine.
    expect((await get('/api/reports/sales?from=2023-12-01&to=2026-11-30')).statusCode).toBe(200);
    expect((await get('/api/reports/sales?from=2023-12-01&to=2026-12-01')).statusCode).toBe(400);
  });
});

describe('figures agree with an independent count of the seeded data', () => {
  it('Sales: by month and facility, by facility, repair versus replacement', async () => {
    const invoices = await app.deps.db.rows<Row>(
      sql`select facility_id as f, open_date_time as at, total_cost as total, void, lost, replacement from invoices`,
    );
    const sold = invoices
      .map((i): Row => ({ ...i, day: localDay(i.at, tzOf(i.f)) }))
      .filter((i) => inRange(i.day) && !i.void && !i.lost);
    expect(sold.length).toBeGreaterThan(10);
    for (const groupBy of ['month', 'day', 'week'] as const) {
      const a = await report('sales', { from, to, groupBy });
      const period = (d: string) =>
        groupBy === 'month' ? d.slice(0, 7) : groupBy === 'week' ? mondayOf(d) : d;
      const expected = tally(
        sold,
        (i) => `${period(i.day)}|${nameOf(i.f)}`,
        () => ({ invoices: 0, revenue: 0, replacements: 0 }),
        (r, i) => {
          r.invoices++;
          r.revenue += cents(i.total);
          if (i.replacement) r.replacements++;
        },
      );
      const got = tableOf(a, 'by-period').rows;
      expect(got.length, groupBy).toBe(expected.size);
      for (const r of got) {
        const e = expected.get(`${r.period}|${r.facility}`);
        expect(e, `${groupBy} ${r.period} ${r.facility}`).toBeDefined();
        expect({ invoices: r.invoices, revenue: r.revenue, replacements: r.replacements }).toEqual(e);
        expect(r.repairs).toBe(Number(r.invoices) - Number(r.replacements));
      }
    }
    const a = await report('sales', { from, to });
    const byFacility = tableOf(a, 'by-facility');
    const total = sold.reduce((s, i) => s + cents(i.total), 0);
    expect(byFacility.total?.invoices).toBe(sold.length);
    expect(byFacility.total?.revenue).toBe(total);
    expect(byFacility.total?.averageTicket).toBe(Math.round(total / sold.length));
    const repl = sold.filter((i) => i.replacement);
    const types = byKey(tableOf(a, 'repair-replacement').rows, 'type');
    expect(types.Replacement.invoices).toBe(repl.length);
    expect(types.Replacement.revenue).toBe(repl.reduce((s, i) => s + cents(i.total), 0));
    expect(types.Repair.invoices).toBe(sold.length - repl.length);
  });

  it('Pipeline: created, contacted, invoiced, completed, funded by facility and source; lost reasons', async () => {
    const svs = await app.deps.db.rows<Row>(
      sql`select s.facility_id as f, s.created_at as at, s.source_id as src, s.lost, s.lost_reason_id as lr,
            s.last_contact_at is not null as contacted, s.invoice_id is not null as invoiced,
            i.completed, i.funded, i.void as "invoiceVoid", l.name as "lostReason"
          from service_vehicles s left join invoices i on i.id = s.invoice_id
          left join lost_reasons l on l.id = s.lost_reason_id`,
    );
    const cohort = svs.filter((s) => inRange(localDay(s.at, tzOf(s.f))));
    expect(cohort.length).toBeGreaterThan(10);
    const count = (list: typeof cohort) => ({
      created: list.length,
      contacted: list.filter((s) => s.contacted).length,
      invoiced: list.filter((s) => s.invoiced).length,
      completed: list.filter((s) => s.completed && !s.invoiceVoid).length,
      funded: list.filter((s) => s.funded && !s.invoiceVoid).length,
      lost: list.filter((s) => s.lost).length,
    });
    const a = await report('pipeline', { from, to });
    const fac = tableOf(a, 'by-facility');
    for (const r of fac.rows) {
      const f = facilities.find((x) => x.name === r.facility);
      const e = count(cohort.filter((s) => s.f === f?.id));
      expect({ ...r, facility: undefined, conversion: undefined }).toEqual({
        facility: undefined,
        conversion: undefined,
        ...e,
      });
      expect(r.conversion).toBe(pct(e.invoiced, e.created));
    }
    expect(fac.total?.created).toBe(cohort.length);
    for (const r of tableOf(a, 'by-source').rows.filter((x) => x.source !== 'Total')) {
      const e = count(cohort.filter((s) => vehicleSourceLabel(s.src ?? 0) === r.source));
      expect(r.created, String(r.source)).toBe(e.created);
      expect(r.funded, String(r.source)).toBe(e.funded);
    }
    const lost = cohort.filter((s) => s.lost);
    const reasons = tableOf(a, 'lost-reasons');
    expect(reasons.total?.lost).toBe(lost.length);
    for (const r of reasons.rows)
      expect(r.lost).toBe(lost.filter((s) => (s.lostReason ?? 'No reason given') === r.lostReason).length);
    expect(tableOf(a, 'dispositions').total?.vehicles).toBe(cohort.length);
  });

  it("Pipeline follows each vehicle's invoice as it is completed, funded, voided or unlinked, whoever writes it", async () => {
    // A vehicle of the range whose invoice is open (not completed, funded or void).
    const [sv] = await app.deps.db.rows<Row>(
      sql`select s.id, s.invoice_id as "invoiceId", s.facility_id as f from service_vehicles s
          join invoices i on i.id = s.invoice_id
          where not i.completed and not i.funded and not i.void and s.created_at >= now() - interval '300 days'
          order by s.id limit 1`,
    );
    expect(sv).toBeDefined();
    const figures = async () => {
      const row = tableOf(await report('pipeline', { from, to }), 'by-facility').rows.find(
        (r) => r.facility === nameOf(sv.f),
      );
      return { invoiced: row?.invoiced, completed: row?.completed, funded: row?.funded };
    };
    const run = (q: ReturnType<typeof sql>) => app.deps.db.rows(q);
    const base = await figures();
    const plus = (n: number, m: number) => ({
      invoiced: Number(base.invoiced) + n,
      completed: Number(base.completed) + m,
      funded: Number(base.funded) + m,
    });
    try {
      await run(sql`update invoices set completed = true, funded = true where id = ${sv.invoiceId}`);
      expect(await figures()).toEqual(plus(0, 1));
      await run(sql`update invoices set void = true where id = ${sv.invoiceId}`);
      expect(await figures()).toEqual(plus(0, 0));
      await run(sql`update invoices set void = false where id = ${sv.invoiceId}`);
      expect(await figures()).toEqual(plus(0, 1));
      await run(sql`update service_vehicles set invoice_id = null where id = ${sv.id}`);
      expect(await figures()).toEqual(plus(-1, 0));
      await run(sql`update service_vehicles set invoice_id = ${sv.invoiceId} where id = ${sv.id}`);
      expect(await figures()).toEqual(plus(0, 1));
      // The copy cannot be written apart from the invoice: a direct write is recomputed from it.
      await run(
        sql`update service_vehicles set invoice_completed = false, invoice_funded = false where id = ${sv.id}`,
      );
      expect(await figures()).toEqual(plus(0, 1));
    } finally {
      await run(
        sql`update invoices set completed = false, funded = false, void = false where id = ${sv.invoiceId}`,
      );
      await run(sql`update service_vehicles set invoice_id = ${sv.invoiceId} where id = ${sv.id}`);
    }
    expect(await figures()).toEqual(base);
  });

  it('Technicians: completed jobs per lead technician; installer visits, on-time arrivals, re-schedules', async () => {
    const inv = await app.deps.db.rows<Row>(
      sql`select i.facility_id as f, i.open_date_time as at, i.completed, i.replacement, i.void,
            trim(u.first_name || ' ' || u.last_name) as name
          from invoices i join users u on u.id = i.lead_technician_id`,
    );
    const jobs = inv.filter((i) => !i.void && inRange(localDay(i.at, tzOf(i.f))));
    const a = await report('technicians', { from, to });
    const leads = tableOf(a, 'lead-technicians');
    const expected = tally(
      jobs,
      (i) => i.name,
      () => ({ jobs: 0, completed: 0, replacements: 0 }),
      (r, i) => {
        r.jobs++;
        if (i.completed) r.completed++;
        if (i.completed && i.replacement) r.replacements++;
      },
    );
    expect(leads.rows.length).toBe(expected.size);
    for (const r of leads.rows)
      expect({ jobs: r.jobs, completed: r.completed, replacements: r.replacements }).toEqual(
        expected.get(String(r.name)),
      );

    const visits = await app.deps.db.rows<Row>(
      sql`select a.facility_id as f, a.appointment_date_time as at, a.scheduled_time as st, a.ata, a.status_id as status,
            trim(u.first_name || ' ' || u.last_name) as name
          from appointments a join users u on u.id = a.installer_id`,
    );
    const mine = visits.filter((v) => inRange(localDay(v.at, tzOf(v.f))));
    expect(mine.length).toBeGreaterThan(0);
    const grace = ON_TIME_GRACE_MINUTES * 60_000;
    const exp2 = tally(
      mine,
      (v) => v.name,
      () => ({ visits: 0, completed: 0, arrivals: 0, onTime: 0, reschedules: 0 }),
      (r, v) => {
        r.visits++;
        if (v.status === 3) r.completed++;
        if (v.ata) {
          r.arrivals++;
          if (Date.parse(v.ata) <= Date.parse(v.st ?? v.at) + grace) r.onTime++;
        }
        if (v.status === 4) r.reschedules++;
      },
    );
    const inst = tableOf(a, 'installers');
    expect(inst.rows.length).toBe(exp2.size);
    for (const r of inst.rows) {
      const e = exp2.get(String(r.name));
      expect({
        visits: r.visits,
        completed: r.completed,
        arrivals: r.arrivals,
        onTime: r.onTime,
        reschedules: r.reschedules,
      }).toEqual(e);
      expect(r.late).toBe(Number(r.arrivals) - Number(r.onTime));
    }
  });

  it('Receivables: unfunded value by insurer and clearing house in age buckets, by the funding rule', async () => {
    const inv = await app.deps.db.rows<Row>(
      sql`select i.facility_id as f, i.open_date_time as at, i.total_cost as "totalCost", i.funded, i.void, i.lost,
            ic.name as insurer, ch.name as house
          from invoices i left join insurance_companies ic on ic.id = i.insurance_company_id
          left join clearing_houses ch on ch.id = ic.clearing_house_id`,
    );
    const today = (tz: string) => localDay(new Date().toISOString(), tz);
    const open = inv
      .map((i): Row => ({ ...i, day: localDay(i.at, tzOf(i.f)) }))
      .filter((i) => inRange(i.day) && receivable(i as any));
    expect(open.length).toBeGreaterThan(0);
    const bucketOf = (i: (typeof open)[number]) => {
      const asOf = [to, today(tzOf(i.f))].sort()[0];
      const age = Math.max(0, dayDiff(i.day, asOf));
      return AGE_BUCKETS.find((b) => age >= b.min && (b.max === null || age <= b.max))?.key as string;
    };
    const expected = tally(
      open,
      (i) => i.insurer ?? 'No insurance company',
      () =>
        ({ invoices: 0, total: 0, d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 }) as Record<string, number>,
      (r, i) => {
        r.invoices++;
        r.total += cents(i.totalCost);
        r[bucketOf(i)] += cents(i.totalCost);
      },
    );
    const a = await report('receivables', { from, to });
    const t = tableOf(a, 'by-insurance-company');
    expect(t.rows.length).toBe(expected.size);
    for (const r of t.rows) {
      const { insuranceCompany, clearingHouse: _c, ...figures } = r;
      expect(figures, String(insuranceCompany)).toEqual(expected.get(String(insuranceCompany)));
    }
    const houses = tableOf(a, 'by-clearing-house');
    expect(houses.total?.total).toBe(open.reduce((s, i) => s + cents(i.totalCost), 0));
    for (const h of houses.rows)
      expect(h.invoices, String(h.clearingHouse)).toBe(
        open.filter(
          (i) => (i.house ?? (i.insurer ? 'No clearing house' : 'No insurance company')) === h.clearingHouse,
        ).length,
      );
  });
});

describe('Receivables: days to pay, short payments and rejections of the seeded claims', () => {
  it('agree with an independent reading of the submissions (local days by Intl, percentiles in the test)', async () => {
    const subs = await app.deps.db.rows<Row>(
      sql`select s.state, s.sent_at as "sentAt", s.state_changed_at as "changedAt", s.amount_claimed as claimed,
            s.amount_paid as paid, s.reason_code as code, s.reason_text as reason, i.facility_id as f,
            ic.name as insurer, ch.name as house
          from claim_submissions s join invoices i on i.id = s.invoice_id
          left join insurance_companies ic on ic.id = s.insurance_company_id
          join clearing_houses ch on ch.id = s.clearing_house_id`,
    );
    const a = await report('receivables', { from, to });
    // Days to pay: Paid or ShortPaid, paid on a day of the range.
    const paid = subs.filter(
      (x) => (x.state === 'Paid' || x.state === 'ShortPaid') && inRange(localDay(x.changedAt, tzOf(x.f))),
    );
    expect(paid.length).toBeGreaterThan(0);
    const days = (list: Row[]) =>
      list.map((x) => (Date.parse(x.changedAt) - Date.parse(x.sentAt)) / 86_400_000);
    const near = (got: unknown, want: number | null, what: string) => {
      if (want === null) return expect(got, what).toBeNull();
      // SQL rounds to one decimal; allow that rounding, no more.
      expect(Math.abs(Number(got) - want), `${what}: ${got} vs ${want}`).toBeLessThanOrEqual(0.05 + 1e-9);
    };
    const speed = tableOf(a, 'days-to-pay');
    const byInsurer = tally(
      paid,
      (x) => x.insurer ?? 'No insurance company',
      () => [] as Row[],
      (r, x) => r.push(x),
    );
    expect(speed.rows.length).toBe(byInsurer.size);
    for (const r of speed.rows) {
      const list = byInsurer.get(String(r.insuranceCompany)) ?? [];
      expect(r.paid, String(r.insuranceCompany)).toBe(list.length);
      near(r.medianDays, percentileCont(days(list), 0.5), `${r.insuranceCompany} median`);
      near(r.p90Days, percentileCont(days(list), 0.9), `${r.insuranceCompany} p90`);
      expect(r.paidCents).toBe(list.reduce((n, x) => n + cents(x.paid), 0));
    }
    expect(speed.total?.paid).toBe(paid.length);
    near(speed.total?.medianDays, percentileCont(days(paid), 0.5), 'total median');
    near(speed.total?.p90Days, percentileCont(days(paid), 0.9), 'total p90');
    // Short payments: still ShortPaid, to the cent.
    const short = paid.filter((x) => x.state === 'ShortPaid');
    expect(short.length).toBeGreaterThan(0);
    const shortT = tableOf(a, 'short-payments');
    expect(shortT.total).toMatchObject({
      shortClaims: short.length,
      claimed: short.reduce((n, x) => n + cents(x.claimed), 0),
      paidCents: short.reduce((n, x) => n + cents(x.paid), 0),
      shortCents: short.reduce((n, x) => n + cents(x.claimed) - cents(x.paid), 0),
    });
    for (const r of shortT.rows) expect(r.shortCents).toBe(Number(r.claimed) - Number(r.paidCents));
    // Rejections: every submission sent on a day of the range; the rejected ones by reason code.
    const sent = subs.filter((x) => inRange(localDay(x.sentAt, tzOf(x.f))));
    const rejected = sent.filter((x) => x.state === 'Rejected');
    expect(rejected.length).toBeGreaterThan(0);
    const houses = tableOf(a, 'rejections-by-clearing-house');
    expect(houses.total).toMatchObject({
      sent: sent.length,
      rejected: rejected.length,
      rejectionRate: pct(rejected.length, sent.length),
    });
    for (const h of houses.rows) {
      const mine = sent.filter((x) => x.house === h.clearingHouse);
      const bounced = mine.filter((x) => x.state === 'Rejected').length;
      expect([h.sent, h.rejected, h.rejectionRate]).toEqual([
        mine.length,
        bounced,
        pct(bounced, mine.length),
      ]);
    }
    const reasons = tableOf(a, 'rejections-by-reason');
    const expected = tally(
      rejected,
      (x) =>
        `${x.house}|${
          String(x.code ?? '')
            .trim()
            .toUpperCase() || '—'
        }`,
      () => ({ n: 0 }),
      (r) => {
        r.n++;
      },
    );
    expect(reasons.rows.length).toBe(expected.size);
    for (const r of reasons.rows) {
      const n = expected.get(`${r.clearingHouse}|${r.reasonCode}`)?.n;
      const houseSent = sent.filter((x) => x.house === r.clearingHouse).length;
      expect([r.rejected, r.sent, r.rejectionRate]).toEqual([n, houseSent, pct(n ?? 0, houseSent)]);
    }
    expect(reasons.total?.rejected).toBe(rejected.length);
  });
});

describe('Receivables of claims made through the API (a facility of its own, in Chicago)', () => {
  let fid: number;
  const range = { from: '2025-03-01', to: '2025-03-31' };
  const sentAt = '2025-03-01T15:00:00Z';
  const plusDays = (d: number) => new Date(Date.parse(sentAt) + d * 86_400_000).toISOString();
  let houseA: Awaited<ReturnType<typeof testClearingHouse>>;
  let houseB: Awaited<ReturnType<typeof testClearingHouse>>;

  beforeAll(async () => {
    [{ id: fid }] = await app.deps.db.rows<{ id: number }>(
      sql`insert into facilities (code, name, short_name, time_zone, tzo)
          values (${`RCL${Date.now() % 1e8}`}, ${`Reports claims ${Date.now()}`}, 'RCL', 'America/Chicago', 360)
          returning id`,
    );
    houseA = await testClearingHouse(app, 'TPA A');
    houseB = await testClearingHouse(app, 'TPA B');
    const claim = async (h: typeof houseA) => (await submittedClaim(app, tokens.admin, h, fid)).submissionId;
    // House A: paid after 10 and 20 days, short-paid after 30 (300.00 of 324.75), two rejections.
    // House B: paid after 5 days, one rejection, one still open.
    const plan: [typeof houseA, 'paid' | 'short' | 'reject' | 'open', number | [string, string]][] = [
      [houseA, 'paid', 10],
      [houseA, 'paid', 20],
      [houseA, 'short', 30],
      [houseA, 'reject', [' a7 ', 'Policy number not found']],
      [houseA, 'reject', ['B12', 'VIN does not match the policy']],
      [houseB, 'paid', 5],
      [houseB, 'reject', ['A7', 'Policy number not found']],
      [houseB, 'open', 0],
    ];
    for (const [h, what, detail] of plan) {
      const id = await claim(h);
      if (what === 'reject') {
        const [reasonCode, reasonText] = detail as [string, string];
        await moveClaim(app, tokens.admin, id, 'reject', { reasonCode, reasonText });
      } else if (what !== 'open') {
        await moveClaim(app, tokens.admin, id, 'accept');
        await payClaim(app, id, what === 'paid' ? 'Paid' : 'ShortPaid', what === 'paid' ? 32475 : 30000);
      }
      const changed = typeof detail === 'number' ? plusDays(detail) : plusDays(2);
      await app.deps.db.rows(
        sql`update claim_submissions set sent_at = ${sentAt}, state_changed_at = ${changed} where id = ${id}`,
      );
    }
  });

  it('days to pay: median and 90th percentile per insurer and over all (its own aggregate)', async () => {
    const t = tableOf(await report('receivables', { ...range, facilityId: fid }), 'days-to-pay');
    expect(t.rows).toEqual([
      {
        insuranceCompany: houseA.insurer,
        clearingHouse: houseA.name,
        paid: 3,
        medianDays: 20,
        p90Days: 28,
        paidCents: 32475 * 2 + 30000,
      },
      {
        insuranceCompany: houseB.insurer,
        clearingHouse: houseB.name,
        paid: 1,
        medianDays: 5,
        p90Days: 5,
        paidCents: 32475,
      },
    ]);
    // 5, 10, 20, 30 days: median 15, 90th percentile 20 + 0.7 × 10.
    expect(t.total).toEqual({
      insuranceCompany: 'Total',
      clearingHouse: '',
      paid: 4,
      medianDays: 15,
      p90Days: 27,
      paidCents: 32475 * 3 + 30000,
    });
  });

  it('short payments to the cent; rejections by reason and by clearing house with their rates', async () => {
    const a = await report('receivables', { ...range, facilityId: fid });
    expect(tableOf(a, 'short-payments').rows).toEqual([
      {
        insuranceCompany: houseA.insurer,
        clearingHouse: houseA.name,
        shortClaims: 1,
        claimed: 32475,
        paidCents: 30000,
        shortCents: 2475,
      },
    ]);
    expect(tableOf(a, 'short-payments').total).toMatchObject({ shortClaims: 1, shortCents: 2475 });
    const reasons = tableOf(a, 'rejections-by-reason');
    expect(
      reasons.rows.map((r) => [r.clearingHouse, r.reasonCode, r.reason, r.rejected, r.sent, r.rejectionRate]),
    ).toEqual(
      expect.arrayContaining([
        [houseA.name, 'A7', 'Policy number not found', 1, 5, 20],
        [houseA.name, 'B12', 'VIN does not match the policy', 1, 5, 20],
        [houseB.name, 'A7', 'Policy number not found', 1, 3, 33.3],
      ]),
    );
    expect(reasons.rows).toHaveLength(3);
    expect(reasons.total).toMatchObject({ rejected: 3, sent: 8, rejectionRate: 37.5 });
    expect(tableOf(a, 'rejections-by-clearing-house').rows).toEqual([
      { clearingHouse: houseA.name, sent: 5, rejected: 2, rejectionRate: 40 },
      { clearingHouse: houseB.name, sent: 3, rejected: 1, rejectionRate: 33.3 },
    ]);
    // A range that ends before the payments: sent, but none paid yet.
    const early = await report('receivables', { from: '2025-03-01', to: '2025-03-05', facilityId: fid });
    expect(tableOf(early, 'days-to-pay').rows).toEqual([]);
    expect(tableOf(early, 'days-to-pay').total).toMatchObject({ paid: 0, medianDays: null });
    expect(tableOf(early, 'rejections-by-clearing-house').total).toMatchObject({ sent: 8, rejected: 3 });
    // Another facility's report does not hold them.
    const other = await report('receivables', { ...range, facilityId: facilities[0].id });
    expect(tableOf(other, 'days-to-pay').rows.map((r) => r.insuranceCompany)).not.toContain(houseA.insurer);
  });

  it('their CSV and XLSX hold the same lines as the JSON', async () => {
    const params = `from=${range.from}&to=${range.to}&facilityId=${fid}`;
    const a = await report('receivables', { ...range, facilityId: fid });
    for (const id of [
      'days-to-pay',
      'short-payments',
      'rejections-by-reason',
      'rejections-by-clearing-house',
    ]) {
      const t = tableOf(a, id);
      const csv = await get(`/api/reports/receivables/export?${params}&format=csv&table=${id}`);
      expect(parseCsv(csv.body)).toEqual(expectedCsv(t));
      const xlsx = await get(`/api/reports/receivables/export?${params}&format=xlsx&table=${id}`);
      const files = await unzip(xlsx.rawPayload);
      const trim = (rows: string[][]) => rows.map((r) => r.slice(0, r.findLastIndex((c) => c !== '') + 1));
      expect(trim(sheetCells(files, 'xl/worksheets/sheet1.xml'))).toEqual(trim(expectedSheet(t)));
    }
  });
});

describe('time-zone edges of day and month buckets (a facility of its own, in Los Angeles)', () => {
  let fid: number;
  let name: string;
  beforeAll(async () => {
    name = `Reports TZ ${Date.now()}`;
    [{ id: fid }] = await app.deps.db.rows<{ id: number }>(
      sql`insert into facilities (code, name, short_name, time_zone, tzo)
          values (${`RTZ${Date.now() % 1e8}`}, ${name}, 'RTZ', 'America/Los_Angeles', 420) returning id`,
    );
    // 23:30 on 31 Jan in Los Angeles is already 1 Feb in UTC; 00:10 on 1 Feb there is still 1 Feb.
    // 23:59 on 30 Jun (daylight time, UTC-7) and 00:00 on 1 Jul.
    const rows: [string, string, boolean][] = [
      ['2025-02-01T07:30:00Z', '100.00', false],
      ['2025-02-01T08:10:00Z', '250.50', true],
      ['2025-07-01T06:59:00Z', '10.01', false],
      ['2025-07-01T07:00:00Z', '20.02', false],
    ];
    for (const [at, total, replacement] of rows)
      await app.deps.db.rows(
        sql`insert into invoices (facility_id, open_date_time, total_cost, labor_cost, replacement, repair_count)
            values (${fid}, ${at}, ${total}, ${total}, ${replacement}, ${replacement ? 4 : 1})`,
      );
    // An approval request sent at 23:50 local on 31 Jan, answered 90 minutes later.
    const [inv] = await app.deps.db.rows<{ id: number }>(
      sql`select id from invoices where facility_id = ${fid} order by open_date_time limit 1`,
    );
    await app.deps.db.rows(
      sql`insert into customer_approvals (invoice_id, channel, sent_to, sent_at, page_viewed_at, response_received_at, approved, expires_at)
          values (${inv.id}, 'sms', '5550100', '2025-02-01T07:50:00Z', '2025-02-01T08:00:00Z', '2025-02-01T09:20:00Z', true, '2025-02-15T00:00:00Z'),
                 (${inv.id}, 'email', 'a@example.com', '2025-02-01T08:30:00Z', null, '2025-02-01T08:40:00Z', false, '2025-02-15T00:00:00Z')`,
    );
    await app.deps.db.rows(
      sql`update customer_approvals set declined = true where invoice_id = ${inv.id} and channel = 'email'`,
    );
  });

  it('puts each invoice on its local day and month', async () => {
    const days = await report('sales', {
      from: '2025-01-01',
      to: '2025-07-31',
      facilityId: fid,
      groupBy: 'day',
    });
    expect(tableOf(days, 'by-period').rows.map((r) => [r.period, r.invoices, r.revenue])).toEqual([
      ['2025-01-31', 1, 10000],
      ['2025-02-01', 1, 25050],
      ['2025-06-30', 1, 1001],
      ['2025-07-01', 1, 2002],
    ]);
    const months = await report('sales', { from: '2025-01-01', to: '2025-07-31', facilityId: fid });
    expect(
      tableOf(months, 'by-period').rows.map((r) => [
        r.period,
        r.facility,
        r.invoices,
        r.revenue,
        r.replacements,
      ]),
    ).toEqual([
      ['2025-01', name, 1, 10000, 0],
      ['2025-02', name, 1, 25050, 1],
      ['2025-06', name, 1, 1001, 0],
      ['2025-07', name, 1, 2002, 0],
    ]);
    const weeks = await report('sales', {
      from: '2025-01-01',
      to: '2025-07-31',
      facilityId: fid,
      groupBy: 'week',
    });
    // 31 Jan 2025 is a Friday and 1 Feb a Saturday: the same week, of Monday 27 Jan.
    expect(tableOf(weeks, 'by-period').rows[0]).toMatchObject({
      period: '2025-01-27',
      invoices: 2,
      revenue: 35050,
    });
    // A one-day range reads that local day only.
    const one = await report('sales', { from: '2025-02-01', to: '2025-02-01', facilityId: fid });
    expect(tableOf(one, 'by-facility').total).toMatchObject({
      invoices: 1,
      revenue: 25050,
      averageTicket: 25050,
    });
  });

  it('Approvals: by local day, with the median time to answer', async () => {
    const jan = await report('approvals', { from: '2025-01-31', to: '2025-01-31', facilityId: fid });
    expect(tableOf(jan, 'by-facility').rows).toEqual([
      {
        facility: name,
        sent: 1,
        viewed: 1,
        approved: 1,
        declined: 0,
        unanswered: 0,
        approvedShare: 100,
        medianMinutes: 90,
      },
    ]);
    const both = await report('approvals', { from: '2025-01-31', to: '2025-02-01', facilityId: fid });
    const t = tableOf(both, 'by-facility');
    // Median of 90 and 10 minutes.
    expect(t.total).toMatchObject({
      facility: 'Total',
      sent: 2,
      approved: 1,
      declined: 1,
      medianMinutes: 50,
    });
    expect(tableOf(both, 'by-channel').rows.map((r) => [r.channel, r.sent])).toEqual([
      ['E-mail', 1],
      ['Text message', 1],
    ]);
  });

  it('Receivables age the unfunded invoices to the end of the range', async () => {
    const a = await report('receivables', { from: '2025-01-01', to: '2025-03-02', facilityId: fid });
    // Opened 31 Jan and 1 Feb (local), aged to 2 Mar: 30 and 29 days.
    expect(tableOf(a, 'by-insurance-company').rows).toEqual([
      {
        insuranceCompany: 'No insurance company',
        clearingHouse: '',
        invoices: 2,
        d0_30: 35050,
        d31_60: 0,
        d61_90: 0,
        d90_plus: 0,
        total: 35050,
      },
    ]);
    const later = await report('receivables', { from: '2025-01-01', to: '2025-03-03', facilityId: fid });
    expect(tableOf(later, 'by-insurance-company').rows[0]).toMatchObject({ d0_30: 25050, d31_60: 10000 });
  });
});

describe('exports hold the same lines as the tables', () => {
  for (const id of ['sales', 'pipeline', 'technicians', 'receivables', 'approvals']) {
    it(`${id}: every table as CSV and XLSX, and the whole workbook`, async () => {
      const params = `from=${from}&to=${to}`;
      const a = await report(id, { from, to });
      const trim = (rows: string[][]) =>
        rows.map((r) => (r.join('') === '' ? r : r.slice(0, r.findLastIndex((c) => c !== '') + 1)));
      for (const t of a.tables) {
        const csv = await get(`/api/reports/${id}/export?${params}&format=csv&table=${t.id}`);
        expect(csv.statusCode).toBe(200);
        expect(csv.headers['content-type']).toMatch(/^text\/csv/);
        expect(csv.headers['content-disposition']).toContain(`${id}-${t.id}-${from}-${to}.csv`);
        expect(parseCsv(csv.body)).toEqual(expectedCsv(t));
        const xlsx = await get(`/api/reports/${id}/export?${params}&format=xlsx&table=${t.id}`);
        expect(xlsx.statusCode).toBe(200);
        const files = await unzip(xlsx.rawPayload);
        expect(trim(sheetCells(files, 'xl/worksheets/sheet1.xml'))).toEqual(trim(expectedSheet(t)));
      }
      const book = await get(`/api/reports/${id}/export?${params}&format=xlsx`);
      const files = await unzip(book.rawPayload);
      for (const [i, t] of a.tables.entries())
        expect(trim(sheetCells(files, `xl/worksheets/sheet${i + 1}.xml`))).toEqual(trim(expectedSheet(t)));
      // CSV without a table: the first one.
      const first = await get(`/api/reports/${id}/export?${params}&format=csv`);
      expect(parseCsv(first.body)).toEqual(expectedCsv(a.tables[0]));
      const unknown = await get(`/api/reports/${id}/export?${params}&format=csv&table=nope`);
      expect(unknown.statusCode).toBe(400);
    });
  }
});
