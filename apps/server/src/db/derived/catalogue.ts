// Over 300 lines: the one list of derived copies; splitting it would bring back what it replaces.
/**
 * Derived data, declared once (issue #33, docs/data-model.md "Derived data"). Every copy of data that the
 * database keeps for speed is listed here: what it is copied from, where it is kept, how (one of the named
 * patterns below), who writes it, which triggers and functions keep it, and the query that recomputes it
 * from its sources. The rest of the code reads this list:
 *   - `npm run check:derived` (and the scheduled job behind the `derived_drift_rows` metric) compares every
 *     copy with its recomputation; `-- --repair` rewrites what differs (check.ts);
 *   - the seed switches off the triggers marked `bulkLoad: 'off'` for a server's bulk load and rebuilds the
 *     copies with the same repair afterwards;
 *   - derived.test.ts checks that every trigger in pg_trigger belongs to a copy here (or to the short list of
 *     EVENT_TRIGGERS), that every trigger and function declared here exists, and that the column lists the
 *     migrations wrote by hand (the search copy's function, its UPDATE OF list and its WHEN clause, the table)
 *     are the columns declared here; it also runs a randomized workload of plain SQL and the API and finds no
 *     drift, on PGlite and on PostgreSQL.
 * Adding a copied column: add it here and in one migration (the trigger functions, and the table for a
 * table copy); the tests name what is missing.
 */

/**
 * How a copy is kept. Three patterns remain, each justified by a measurement in its decision record:
 * - `row-copy`: columns on the target's own rows. A BEFORE row trigger on the target recomputes them from
 *   the source whenever the row is written (a direct write to a copied column is recomputed), and an AFTER row
 *   trigger on the source pushes a change of a copied source column to the rows that point at it (only when
 *   it changed). Decisions 0011 and 0012.
 * - `table-copy`: a narrow table with one row per source row, written only through one SQL function from
 *   statement triggers (insert, delete, truncate over transition tables) and a row trigger on update of a
 *   copied column. Decision 0014.
 * - `append-counts`: counts grouped by a value; writers only append a signed delta row per value and
 *   statement (statement triggers over transition tables), and a job compacts each value's rows into one.
 *   Readers sum. Decision 0015.
 * Not copies, but kept by the same triggers and declared so that every trigger has an owner:
 * - `change-counter`: a counter per facility raised by every statement that changes what an answer shows;
 *   there is nothing to recompute (only that it rises, which the appointment answer tests check). Decision 0013.
 */
export type DerivedPattern = 'row-copy' | 'table-copy' | 'append-counts' | 'change-counter';

export interface DerivedTrigger {
  table: string;
  name: string;
  /**
   * 'off': switched off while a server's seed bulk-loads (the copy is rebuilt by its repair afterwards);
   * 'on': left on (the bulk load's rows need it, or it only counts changes).
   */
  bulkLoad: 'off' | 'on';
}

export interface DerivedCopy {
  /** A short stable name (the metric's `copy` label, `check:derived -- --only <name>`). */
  name: string;
  title: string;
  pattern: DerivedPattern;
  /** The migrations that made and changed it, and the decision record that justifies it. */
  migrations: string[];
  decision?: string;
  /** Source tables and the columns of each the copy is computed from. */
  sources: Record<string, string[]>;
  /** Where it is kept: the table, the key of its rows, and the copied columns. */
  target: { table: string; key: string[]; columns: string[] };
  /** Who writes the copied columns: the only writer (code never writes them). */
  writer: string;
  triggers: DerivedTrigger[];
  functions: string[];
  /**
   * The rows the copy must hold, recomputed from the sources: `select <key…>, <columns…>` in that order. Null
   * for a change-counter (nothing to recompute).
   */
  expected: string | null;
  /** The rows it holds, in the same shape (default: the key and columns of the target table). */
  actual?: string;
  /**
   * Statements that rewrite what differs, from the sources (default for a row-copy: an UPDATE of the target
   * from `expected`, only where a value differs). Run in one transaction by `check:derived -- --repair` and by
   * the seed after its bulk load.
   */
  repair?: string[];
}

/** The search copy's columns besides its key (migrations 0028, 0029): the same names in invoices. */
export const INVOICE_SEARCH_COLUMNS = [
  'facility_id',
  'lost',
  'follow_up_at',
  'open_date_time',
  'vin',
  'sold_to',
  'reference_number',
  'claim_number',
  'ro_number',
  'customer_phone',
  'license_plate',
  'service_tag',
  'service_address_line1',
  'service_city',
  'service_zip',
  'vehicle_year',
  'vehicle_make',
  'vehicle_model',
  'submitted',
  'signed',
  'replacement',
] as const;

const list = (alias: string, columns: readonly string[]) => columns.map((c) => `${alias}.${c}`).join(', ');

/** The counts by name: bigint sums, so that the recomputation (count) and the kept rows (sum) compare exactly. */
const countsByName = (from: string, n: string, s: string, g: string, r: string) =>
  `select sold_to, ${n}::bigint as n, ${s}::bigint as n_submitted, ${g}::bigint as n_signed,
          ${r}::bigint as n_replacement from ${from} group by sold_to`;

/** The counts by name recomputed from the search copy (the expected rows, and what the repair writes). */
const NAME_COUNTS_FROM_COPY = countsByName(
  'invoice_search',
  'count(*)',
  'count(*) filter (where submitted)',
  'count(*) filter (where signed)',
  'count(*) filter (where replacement)',
);

export const DERIVED: readonly DerivedCopy[] = [
  {
    name: 'vehicle-invoice-state',
    title: "The vehicle's copy of its invoice's state (completed, funded; each when not void)",
    pattern: 'row-copy',
    migrations: ['0023', '0036'],
    decision: '0011',
    sources: { invoices: ['id', 'completed', 'funded', 'void'], service_vehicles: ['invoice_id'] },
    target: { table: 'service_vehicles', key: ['id'], columns: ['invoice_completed', 'invoice_funded'] },
    writer: 'triggers service_vehicles_invoice_flags and invoices_service_vehicle_flags (migration 0023)',
    triggers: [
      { table: 'service_vehicles', name: 'service_vehicles_invoice_flags', bulkLoad: 'off' },
      { table: 'invoices', name: 'invoices_service_vehicle_flags', bulkLoad: 'off' },
    ],
    functions: ['service_vehicle_invoice_flags', 'invoice_flags_to_service_vehicles'],
    expected: `select s.id, coalesce(i.completed and not i.void, false) as invoice_completed,
                      coalesce(i.funded and not i.void, false) as invoice_funded
                 from service_vehicles s left join invoices i on i.id = s.invoice_id`,
  },
  {
    name: 'visit-calendar-copies',
    title: "Each visit's copy of its schedule's time allowed and its invoice's customer name",
    pattern: 'row-copy',
    migrations: ['0024', '0036'],
    decision: '0012',
    sources: {
      appointment_schedules: ['id', 'time_allowed'],
      invoices: ['id', 'sold_to'],
      appointments: ['schedule_id', 'invoice_id'],
    },
    target: { table: 'appointments', key: ['id'], columns: ['time_allowed', 'customer_name'] },
    writer:
      'triggers appointments_calendar_copies, appointment_schedules_time_to_appointments and invoices_name_to_appointments (migration 0024)',
    triggers: [
      { table: 'appointments', name: 'appointments_calendar_copies', bulkLoad: 'off' },
      { table: 'appointment_schedules', name: 'appointment_schedules_time_to_appointments', bulkLoad: 'off' },
      { table: 'invoices', name: 'invoices_name_to_appointments', bulkLoad: 'off' },
    ],
    functions: [
      'appointment_calendar_copies',
      'schedule_time_to_appointments',
      'invoice_name_to_appointments',
    ],
    expected: `select a.id, coalesce(s.time_allowed, 60) as time_allowed, i.sold_to as customer_name
                 from appointments a
                 left join appointment_schedules s on s.id = a.schedule_id
                 left join invoices i on i.id = a.invoice_id`,
  },
  {
    name: 'loaner-reservations',
    title:
      'A loaner reservation for every appointment schedule that carries a loaner car, kept to its sources',
    pattern: 'table-copy',
    migrations: ['0027', '0031', '0036'],
    decision: '0019',
    sources: {
      appointment_schedules: ['id', 'invoice_id', 'loaner_car_id', 'expected_return_time', 'created_at'],
      appointments: ['schedule_id', 'appointment_date_time', 'status_id'],
      invoices: ['id', 'facility_id', 'customer_id', 'void', 'lost'],
      loaner_cars: ['id', 'loaner_car_type_id'],
    },
    target: {
      table: 'loaner_reservations',
      key: ['appointment_schedule_id'],
      columns: [
        'invoice_id',
        'customer_id',
        'facility_id',
        'loaner_car_type_id',
        'loaner_car_id',
        'appointment_date',
        'expected_return',
        'cancelled_at',
      ],
    },
    writer:
      'function loaner_reservations_sync(schedule ids), called by the triggers of migrations 0031 and 0036',
    triggers: [
      { table: 'appointment_schedules', name: 'appointment_schedules_loaner_reservation', bulkLoad: 'off' },
      { table: 'appointments', name: 'appointments_loaner_reservation', bulkLoad: 'off' },
      { table: 'invoices', name: 'invoices_loaner_reservations', bulkLoad: 'off' },
      { table: 'loaner_cars', name: 'loaner_cars_loaner_reservations', bulkLoad: 'off' },
    ],
    functions: [
      'loaner_reservations_sync',
      'loaner_schedules',
      'schedule_to_loaner_reservation',
      'visit_to_loaner_reservation',
      'invoice_to_loaner_reservations',
      'loaner_car_to_reservations',
    ],
    // Decision 0019's rule. A schedule with a car: its car, type, invoice, customer, facility and expected return;
    // the newest visit's time (else the reservation's own, else the schedule's creation); cancelled when the newest
    // visit is cancelled or the invoice void or lost. A schedule whose car was taken off: its reservation as it
    // was, cancelled. (cancelled_at compares as whether it is set: it keeps the first moment.)
    expected: `select s.id as appointment_schedule_id, s.invoice_id, i.customer_id, i.facility_id, lc.loaner_car_type_id,
                      s.loaner_car_id, coalesce(v.at, r.appointment_date, s.created_at) as appointment_date,
                      s.expected_return_time as expected_return,
                      coalesce(v.status_id = 5 or i.void or i.lost, false) as cancelled
                 from appointment_schedules s
                 join invoices i on i.id = s.invoice_id
                 join loaner_cars lc on lc.id = s.loaner_car_id
                 left join loaner_reservations r on r.appointment_schedule_id = s.id
                 left join lateral (select a.appointment_date_time as at, a.status_id from appointments a
                                     where a.schedule_id = s.id order by a.id desc limit 1) v on true
               union all
               select r.appointment_schedule_id, r.invoice_id, r.customer_id, r.facility_id, r.loaner_car_type_id,
                      r.loaner_car_id, r.appointment_date, r.expected_return, true
                 from loaner_reservations r join appointment_schedules s on s.id = r.appointment_schedule_id
                where s.loaner_car_id is null`,
    actual: `select r.appointment_schedule_id, r.invoice_id, r.customer_id, r.facility_id, r.loaner_car_type_id,
                    r.loaner_car_id, r.appointment_date, r.expected_return, r.cancelled_at is not null as cancelled
               from loaner_reservations r join appointment_schedules s on s.id = r.appointment_schedule_id`,
    // The one writer, over every schedule that carries a car or has a reservation.
    repair: [
      `select loaner_reservations_sync(array(select s.id from appointment_schedules s
          where s.loaner_car_id is not null
             or exists (select 1 from loaner_reservations r where r.appointment_schedule_id = s.id) order by s.id))`,
    ],
  },
  {
    name: 'invoice-search-copy',
    title: "The invoice list's search copy: the columns its fragment searches filter and sort on",
    pattern: 'table-copy',
    migrations: ['0028', '0029'],
    decision: '0014',
    sources: { invoices: ['id', ...INVOICE_SEARCH_COLUMNS] },
    target: { table: 'invoice_search', key: ['id'], columns: [...INVOICE_SEARCH_COLUMNS] },
    writer: 'function invoice_search_copy(ids), called by the triggers of migration 0028',
    triggers: [
      { table: 'invoices', name: 'invoices_search_inserted', bulkLoad: 'off' },
      { table: 'invoices', name: 'invoices_search_updated', bulkLoad: 'off' },
      { table: 'invoices', name: 'invoices_search_deleted', bulkLoad: 'on' },
      { table: 'invoices', name: 'invoices_search_truncated', bulkLoad: 'on' },
    ],
    functions: [
      'invoice_search_copy',
      'invoice_search_inserted',
      'invoice_search_updated',
      'invoice_search_deleted',
    ],
    expected: `select i.id, ${list('i', INVOICE_SEARCH_COLUMNS)} from invoices i`,
    // The copy's own writer for the rows that differ or are missing; rows whose invoice is gone are deleted.
    repair: [
      `delete from invoice_search s where not exists (select 1 from invoices i where i.id = s.id)`,
      `select invoice_search_copy(array(
         select i.id from invoices i left join invoice_search s on s.id = i.id
          where s.id is null
             or (${list('i', INVOICE_SEARCH_COLUMNS)}) is distinct from (${list('s', INVOICE_SEARCH_COLUMNS)})))`,
    ],
  },
  {
    name: 'invoice-name-counts',
    title: "The invoice list's counts by customer name (all, submitted, signed, replacement)",
    pattern: 'append-counts',
    migrations: ['0029'],
    decision: '0015',
    sources: { invoice_search: ['sold_to', 'submitted', 'signed', 'replacement'] },
    target: {
      table: 'invoice_sold_to_counts',
      key: ['sold_to'],
      columns: ['n', 'n_submitted', 'n_signed', 'n_replacement'],
    },
    writer: 'the statement triggers on invoice_search (migration 0029); the compaction job merges rows',
    triggers: [
      { table: 'invoice_search', name: 'invoice_search_sold_to_inserted', bulkLoad: 'off' },
      { table: 'invoice_search', name: 'invoice_search_sold_to_updated', bulkLoad: 'off' },
      { table: 'invoice_search', name: 'invoice_search_sold_to_deleted', bulkLoad: 'on' },
      { table: 'invoice_search', name: 'invoice_search_sold_to_truncated', bulkLoad: 'on' },
    ],
    functions: ['invoice_sold_to_counted', 'invoice_sold_to_truncated', 'invoice_sold_to_counts_compact'],
    expected: NAME_COUNTS_FROM_COPY,
    actual: `select * from (${countsByName('invoice_sold_to_counts', 'sum(n)', 'sum(n_submitted)', 'sum(n_signed)', 'sum(n_replacement)')}) c
              where (c.n, c.n_submitted, c.n_signed, c.n_replacement) <> (0, 0, 0, 0)`,
    // Rewritten whole under a lock that waits for the appending writers (one row per name, nothing to compact).
    repair: [
      'lock table invoice_sold_to_counts in exclusive mode',
      'delete from invoice_sold_to_counts',
      `insert into invoice_sold_to_counts (sold_to, n, n_submitted, n_signed, n_replacement, fresh)
         select sold_to, n, n_submitted, n_signed, n_replacement, false from (${NAME_COUNTS_FROM_COPY}) c`,
    ],
  },
  {
    name: 'claim-superseded',
    title:
      'A claim submission replaced by a later send of its invoice: the next send’s sent_at (the work queue)',
    pattern: 'row-copy',
    migrations: ['0037'],
    // Submissions are history: invoice_id, id and sent_at never change and a row is deleted only with its
    // invoice (all of them), so the insert of a later submission is the only change that can replace one.
    sources: { claim_submissions: ['id', 'invoice_id', 'sent_at'] },
    target: { table: 'claim_submissions', key: ['id'], columns: ['superseded_at'] },
    writer:
      'trigger claim_submissions_supersede (migration 0037), in the transaction that inserts the later submission',
    triggers: [{ table: 'claim_submissions', name: 'claim_submissions_supersede', bulkLoad: 'off' }],
    functions: ['claim_submissions_supersede'],
    expected: `select s.id, (select n.sent_at from claim_submissions n
                              where n.invoice_id = s.invoice_id and n.id > s.id order by n.id limit 1) as superseded_at
                 from claim_submissions s`,
  },
  {
    name: 'claim-facility',
    title: "A claim submission's copy of its invoice's facility (the work queue's scope and counts)",
    pattern: 'row-copy',
    migrations: ['0038'],
    decision: '0011',
    sources: { invoices: ['id', 'facility_id'], claim_submissions: ['invoice_id'] },
    target: { table: 'claim_submissions', key: ['id'], columns: ['facility_id'] },
    writer: 'triggers claim_submissions_facility and invoices_claim_submission_facility (migration 0038)',
    // On during a bulk load: the column is NOT NULL and the seed's few submissions need it.
    triggers: [
      { table: 'claim_submissions', name: 'claim_submissions_facility', bulkLoad: 'on' },
      { table: 'invoices', name: 'invoices_claim_submission_facility', bulkLoad: 'on' },
    ],
    functions: ['claim_submission_facility', 'invoice_facility_to_claim_submissions'],
    expected: `select s.id, i.facility_id from claim_submissions s join invoices i on i.id = s.invoice_id`,
  },
  {
    name: 'appointment-versions',
    title: "Per-facility versions of what the appointment answers show (the kept answers' validity)",
    pattern: 'change-counter',
    migrations: ['0026', '0039'],
    decision: '0013',
    sources: {
      appointments: ['*'],
      appointment_schedules: ['*'],
      invoices: ['vehicle_year', 'vehicle_make', 'vehicle_model'],
      users: ['first_name', 'last_name', 'is_installer', 'is_active', 'facility_id'],
      facilities: ['time_zone', 'name'],
      part_types: ['*'],
      appointment_statuses: ['*'],
      loaner_cars: ['name'],
      customer_waiting_options: ['*'],
    },
    target: { table: 'appointment_versions', key: ['facility_id'], columns: ['version'] },
    writer:
      'function appointment_versions_raise, called by the triggers of migration 0026, notes the facilities; ' +
      'appointment_versions_raise_at_commit raises them at commit (migration 0039)',
    triggers: [
      { table: 'appointments', name: 'appointments_version_insert', bulkLoad: 'on' },
      { table: 'appointments', name: 'appointments_version_update', bulkLoad: 'on' },
      { table: 'appointments', name: 'appointments_version_delete', bulkLoad: 'on' },
      { table: 'appointment_schedules', name: 'appointment_schedules_version_update', bulkLoad: 'on' },
      { table: 'appointment_schedules', name: 'appointment_schedules_version_delete', bulkLoad: 'on' },
      { table: 'invoices', name: 'invoices_appointment_version', bulkLoad: 'on' },
      { table: 'users', name: 'users_appointment_version', bulkLoad: 'on' },
      { table: 'users', name: 'users_appointment_version_rows', bulkLoad: 'on' },
      { table: 'facilities', name: 'facilities_appointment_version', bulkLoad: 'on' },
      { table: 'part_types', name: 'part_types_appointment_version', bulkLoad: 'on' },
      { table: 'appointment_statuses', name: 'appointment_statuses_appointment_version', bulkLoad: 'on' },
      { table: 'loaner_cars', name: 'loaner_cars_appointment_version', bulkLoad: 'on' },
      {
        table: 'customer_waiting_options',
        name: 'customer_waiting_options_appointment_version',
        bulkLoad: 'on',
      },
      {
        table: 'appointment_version_raises',
        name: 'appointment_version_raises_at_commit',
        bulkLoad: 'on',
      },
    ],
    functions: [
      'appointment_versions_raise',
      'appointment_versions_raise_at_commit',
      'appointment_versions_of_visits',
      'appointment_versions_of_schedules',
      'appointment_versions_of_invoice',
      'appointment_versions_of_all',
    ],
    expected: null,
  },
];

/**
 * Triggers that keep no copy: they tell the Control Room that a facility's board changed (pg_notify, migrations
 * 0022 and 0035, decision 0010). Declared here so that every trigger in the database has an owner.
 */
export const EVENT_TRIGGERS: readonly { table: string; name: string; purpose: string }[] = [
  ...['service_vehicles', 'invoices', 'appointments', 'installer_routes', 'alerts', 'parked_items'].flatMap(
    (table) =>
      ['ins', 'upd', 'del'].map((op) => ({
        table,
        name: `${table}_control_room_${op}`,
        purpose: 'Control Room board changed (pg_notify)',
      })),
  ),
  { table: 'users', name: 'users_control_room_upd', purpose: 'Control Room board changed (pg_notify)' },
  { table: 'sessions', name: 'sessions_control_room_ins', purpose: 'Control Room board changed (pg_notify)' },
  { table: 'sessions', name: 'sessions_control_room_upd', purpose: 'Control Room board changed (pg_notify)' },
  // Migration 0035: a claim submission that becomes Rejected (the board's rejections of the day).
  ...['ins', 'upd'].map((op) => ({
    table: 'claim_submissions',
    name: `claim_submissions_control_room_${op}`,
    purpose: 'Control Room board changed (pg_notify)',
  })),
];

/** The triggers a server's seed switches off for its bulk load (the copies are rebuilt by repair afterwards). */
export const BULK_LOAD_OFF: readonly DerivedTrigger[] = DERIVED.flatMap((copy) =>
  copy.triggers.filter((t) => t.bulkLoad === 'off'),
);

export function derivedCopy(name: string): DerivedCopy {
  const copy = DERIVED.find((c) => c.name === name);
  if (!copy) throw new Error(`no derived copy named ${name}`);
  return copy;
}
