-- A copy kept by a trigger went stale when its row was pointed at a source row that another transaction was
-- changing at the same moment (found by derived.test.ts's concurrent workload on PostgreSQL, in CI):
--   T1: UPDATE invoices SET completed = true WHERE id = A    -- its AFTER trigger updates the vehicles that point
--                                                            -- at A, as committed: V (still at B) is not one
--   T2: UPDATE service_vehicles SET invoice_id = A WHERE id = V -- its BEFORE trigger reads A as committed:
--                                                               -- not completed; T2 commits, then T1 does
-- and V says "not completed" for a completed invoice, until the next change of either. Under READ COMMITTED
-- neither side can see the other's uncommitted row, so the side that takes the new pointer (the row trigger on
-- the copy, which runs when a row is inserted or its pointer changes) now reads its source row FOR SHARE: it waits
-- for a transaction that is changing that row, then reads its committed version. Only then: when the pointer is
-- unchanged (a direct write to the copy), the source's own trigger already finds the row and waits for it, so a
-- lock there would only add a deadlock (each side holding the row the other needs).
-- The same for the visit's calendar copies (its schedule's time, its invoice's name) and for a loaner reservation
-- (a schedule given to an invoice, or given a car, while that invoice is being voided, lost or moved).
CREATE OR REPLACE FUNCTION service_vehicle_invoice_flags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.invoice_completed := false;
  NEW.invoice_funded := false;
  IF NEW.invoice_id IS NOT NULL THEN
    -- The lock waits for a change in flight; the read after it (a statement of its own) sees that change.
    IF TG_OP = 'INSERT' OR OLD.invoice_id IS DISTINCT FROM NEW.invoice_id THEN
      PERFORM 1 FROM invoices WHERE id = NEW.invoice_id FOR SHARE;
    END IF;
    SELECT i.completed AND NOT i.void, i.funded AND NOT i.void INTO NEW.invoice_completed, NEW.invoice_funded
      FROM invoices i WHERE i.id = NEW.invoice_id;
    NEW.invoice_completed := coalesce(NEW.invoice_completed, false);
    NEW.invoice_funded := coalesce(NEW.invoice_funded, false);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION appointment_calendar_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.schedule_id IS DISTINCT FROM NEW.schedule_id THEN
    PERFORM 1 FROM appointment_schedules WHERE id = NEW.schedule_id FOR SHARE;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.invoice_id IS DISTINCT FROM NEW.invoice_id THEN
    PERFORM 1 FROM invoices WHERE id = NEW.invoice_id FOR SHARE;
  END IF;
  NEW.time_allowed := coalesce((SELECT s.time_allowed FROM appointment_schedules s WHERE s.id = NEW.schedule_id), 60);
  NEW.customer_name := (SELECT i.sold_to FROM invoices i WHERE i.id = NEW.invoice_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION schedule_to_loaner_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[] := loaner_schedules(ARRAY[NEW.id]);
BEGIN
  IF cardinality(ids) > 0 THEN
    -- A schedule that the invoice's own trigger cannot find yet (new, moved to this invoice, or given its first
    -- car): wait for a change of that invoice in flight, so that the reservation is written from the invoice as
    -- committed. One it can find already is waited for by that trigger (the sync locks its schedules).
    IF TG_OP = 'INSERT' OR OLD.invoice_id IS DISTINCT FROM NEW.invoice_id
       OR (OLD.loaner_car_id IS NULL
           AND NOT EXISTS (SELECT 1 FROM loaner_reservations r WHERE r.appointment_schedule_id = NEW.id)) THEN
      PERFORM 1 FROM invoices WHERE id = NEW.invoice_id FOR SHARE;
    END IF;
    -- The same for a car new to the schedule and a change of that car's type in flight.
    IF TG_OP = 'INSERT' OR OLD.loaner_car_id IS DISTINCT FROM NEW.loaner_car_id THEN
      PERFORM 1 FROM loaner_cars WHERE id = NEW.loaner_car_id FOR SHARE;
    END IF;
    PERFORM loaner_reservations_sync(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A reservation carries its car's type (the catalogue's rule), but nothing passed a change of the car's type on:
-- an admin correcting a car's type left its reservations with the old one (check:derived counted them as drift).
CREATE OR REPLACE FUNCTION loaner_car_to_reservations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[] := loaner_schedules(ARRAY(SELECT id FROM appointment_schedules WHERE loaner_car_id = NEW.id));
BEGIN
  IF cardinality(ids) > 0 THEN PERFORM loaner_reservations_sync(ids); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS loaner_cars_loaner_reservations ON "loaner_cars";--> statement-breakpoint
CREATE TRIGGER loaner_cars_loaner_reservations AFTER UPDATE OF loaner_car_type_id ON "loaner_cars" FOR EACH ROW
  WHEN (OLD.loaner_car_type_id IS DISTINCT FROM NEW.loaner_car_type_id)
  EXECUTE FUNCTION loaner_car_to_reservations();--> statement-breakpoint
SELECT loaner_reservations_sync(array(
  SELECT s.id FROM appointment_schedules s JOIN loaner_reservations r ON r.appointment_schedule_id = s.id
    JOIN loaner_cars lc ON lc.id = s.loaner_car_id
   WHERE r.loaner_car_type_id IS DISTINCT FROM lc.loaner_car_type_id ORDER BY s.id));
