-- Decision 0019: a loaner reservation is written by one function, loaner_reservations_sync(schedule ids), run by
-- triggers whenever its sources change: the schedule (its car, expected return, invoice), the schedule's visits
-- (the newest visit's time and status) and the invoice (facility, customer, void, lost). The schedule form, the
-- loaner check-out and the seed write only those sources. Before, four writers (migration 0027's triggers, the
-- schedule form, the check-out and the seed) each applied their own version of the rule.
--
-- The rule, for each schedule that carries a loaner car or has a reservation:
--   car, car type, invoice, customer, facility, expected return: the schedule's (and its invoice's);
--   appointment date: the newest visit's time (by id: a visit booked again after a cancelled one is the newest);
--     with no visit, the reservation's own, else the schedule's creation;
--   cancelled: when the schedule no longer carries a car, its newest visit is cancelled, or the invoice is void
--     or lost (cancelled_at keeps the first moment; a schedule booked again clears it). A reservation is never
--     deleted, and a schedule's car removed keeps the reservation's last car.
DROP TRIGGER IF EXISTS appointment_schedules_loaner_reservation ON "appointment_schedules";--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_schedules_car_to_reservation ON "appointment_schedules";--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_facility_to_reservations ON "invoices";--> statement-breakpoint
DROP FUNCTION IF EXISTS schedule_loaner_reservation();--> statement-breakpoint
DROP FUNCTION IF EXISTS schedule_car_to_reservation();--> statement-breakpoint
DROP FUNCTION IF EXISTS invoice_facility_to_reservations();--> statement-breakpoint
-- The check-out used to change the reservation's car and expected return without its schedule's: the schedule
-- takes them, so the rule keeps them.
UPDATE "appointment_schedules" s SET "loaner_car_id" = r.loaner_car_id
  FROM "loaner_reservations" r
 WHERE r.appointment_schedule_id = s.id AND s.loaner_car_id IS NOT NULL AND r.loaner_car_id IS NOT NULL
   AND r.loaner_car_id <> s.loaner_car_id;--> statement-breakpoint
UPDATE "appointment_schedules" s SET "expected_return_time" = r.expected_return
  FROM "loaner_reservations" r
 WHERE r.appointment_schedule_id = s.id AND s.loaner_car_id IS NOT NULL
   AND r.expected_return IS DISTINCT FROM s.expected_return_time;--> statement-breakpoint
CREATE OR REPLACE FUNCTION loaner_reservations_sync(schedule_ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Writers of one schedule, its visits or its invoice queue here, so each computes from the others' committed
  -- rows, and a schedule's reservation is inserted once (no ON CONFLICT: the seed runs this without indexes).
  PERFORM 1 FROM appointment_schedules WHERE id = ANY(schedule_ids) ORDER BY id FOR NO KEY UPDATE;
  WITH src AS (
    SELECT s.id AS schedule_id, s.invoice_id, i.customer_id, i.facility_id, lc.loaner_car_type_id, s.loaner_car_id,
           v.at, s.expected_return_time, s.created_by_id, s.created_at,
           (v.status_id = 5 OR i.void OR i.lost) AS cancelled, -- 5: AppointmentStatus.Cancelled
           least(coalesce(s.updated_at, now()), now()) AS made_at
      FROM appointment_schedules s
      JOIN invoices i ON i.id = s.invoice_id
      JOIN loaner_cars lc ON lc.id = s.loaner_car_id
      LEFT JOIN LATERAL (SELECT a.appointment_date_time AS at, a.status_id FROM appointments a
                          WHERE a.schedule_id = s.id ORDER BY a.id DESC LIMIT 1) v ON true
     WHERE s.id = ANY(schedule_ids)
  ), kept AS (
    UPDATE loaner_reservations r
       SET invoice_id = src.invoice_id, customer_id = src.customer_id, facility_id = src.facility_id,
           loaner_car_type_id = src.loaner_car_type_id, loaner_car_id = src.loaner_car_id,
           appointment_date = coalesce(src.at, r.appointment_date), expected_return = src.expected_return_time,
           cancelled_at = CASE WHEN src.cancelled THEN coalesce(r.cancelled_at, now()) END, updated_at = now()
      FROM src
     WHERE r.appointment_schedule_id = src.schedule_id
       AND (r.invoice_id, r.customer_id, r.facility_id, r.loaner_car_type_id, r.loaner_car_id, r.appointment_date,
            r.expected_return, r.cancelled_at IS NOT NULL)
           IS DISTINCT FROM
           (src.invoice_id, src.customer_id, src.facility_id, src.loaner_car_type_id, src.loaner_car_id,
            coalesce(src.at, r.appointment_date), src.expected_return_time, coalesce(src.cancelled, false))
    RETURNING r.id
  )
  INSERT INTO loaner_reservations (appointment_schedule_id, invoice_id, customer_id, facility_id, loaner_car_type_id,
      loaner_car_id, appointment_date, expected_return, cancelled_at, created_by_id, created_at, updated_at)
    SELECT src.schedule_id, src.invoice_id, src.customer_id, src.facility_id, src.loaner_car_type_id, src.loaner_car_id,
           coalesce(src.at, src.created_at), src.expected_return_time, CASE WHEN src.cancelled THEN now() END,
           src.created_by_id, src.made_at, src.made_at
      FROM src
     WHERE NOT EXISTS (SELECT 1 FROM loaner_reservations r WHERE r.appointment_schedule_id = src.schedule_id);
  UPDATE loaner_reservations r SET cancelled_at = now(), updated_at = now()
    FROM appointment_schedules s
   WHERE s.id = ANY(schedule_ids) AND r.appointment_schedule_id = s.id AND s.loaner_car_id IS NULL
     AND r.cancelled_at IS NULL;
END $$;--> statement-breakpoint
-- The schedules among these that carry a car or have a reservation (the others have nothing to keep).
CREATE OR REPLACE FUNCTION loaner_schedules(schedule_ids int[]) RETURNS int[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(s.id), '{}') FROM appointment_schedules s
   WHERE s.id = ANY(schedule_ids)
     AND (s.loaner_car_id IS NOT NULL
          OR EXISTS (SELECT 1 FROM loaner_reservations r WHERE r.appointment_schedule_id = s.id))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION schedule_to_loaner_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[] := loaner_schedules(ARRAY[NEW.id]);
BEGIN
  IF cardinality(ids) > 0 THEN PERFORM loaner_reservations_sync(ids); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_schedules_loaner_reservation ON "appointment_schedules";--> statement-breakpoint
CREATE TRIGGER appointment_schedules_loaner_reservation
  AFTER INSERT OR UPDATE OF loaner_car_id, expected_return_time, invoice_id ON "appointment_schedules"
  FOR EACH ROW EXECUTE FUNCTION schedule_to_loaner_reservation();--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_to_loaner_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[];
BEGIN
  IF TG_OP = 'INSERT' THEN ids := ARRAY[NEW.schedule_id];
  ELSIF TG_OP = 'DELETE' THEN ids := ARRAY[OLD.schedule_id];
  ELSE ids := ARRAY[OLD.schedule_id, NEW.schedule_id];
  END IF;
  ids := loaner_schedules(ids);
  IF cardinality(ids) > 0 THEN PERFORM loaner_reservations_sync(ids); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointments_loaner_reservation ON "appointments";--> statement-breakpoint
CREATE TRIGGER appointments_loaner_reservation
  AFTER INSERT OR DELETE OR UPDATE OF schedule_id, appointment_date_time, status_id ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION visit_to_loaner_reservation();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_to_loaner_reservations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[] := loaner_schedules(ARRAY(SELECT id FROM appointment_schedules WHERE invoice_id = NEW.id));
BEGIN
  IF cardinality(ids) > 0 THEN PERFORM loaner_reservations_sync(ids); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_loaner_reservations ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_loaner_reservations AFTER UPDATE OF facility_id, customer_id, void, lost ON "invoices"
  FOR EACH ROW WHEN ((OLD.facility_id, OLD.customer_id, OLD.void, OLD.lost)
                     IS DISTINCT FROM (NEW.facility_id, NEW.customer_id, NEW.void, NEW.lost))
  EXECUTE FUNCTION invoice_to_loaner_reservations();--> statement-breakpoint
-- Every reservation brought to the rule once.
SELECT loaner_reservations_sync(ARRAY(
  SELECT s.id FROM appointment_schedules s
   WHERE s.loaner_car_id IS NOT NULL
      OR EXISTS (SELECT 1 FROM loaner_reservations r WHERE r.appointment_schedule_id = s.id)));
