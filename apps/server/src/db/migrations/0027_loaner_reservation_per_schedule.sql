-- Issue #18: the loaner reservations list (spec 2 §7: "OData GET on appointment schedules") read every
-- appointment schedule (500,000 at scale 334) to find the 16,000 that carry a loaner car or a reservation, and
-- ordered them by a date computed per row: 2.3–3.3 s for its first page. Every schedule that carries a loaner
-- car now has its reservation row, kept by the database for every writer (the schedule form already wrote one;
-- imports and plain SQL did not), so the list is read from loaner_reservations, newest first through
-- loaner_reservations_date_idx. A reservation is never removed with its car: it is cancelled (cancelled_at).
INSERT INTO "loaner_reservations" ("appointment_schedule_id", "invoice_id", "customer_id", "facility_id",
    "loaner_car_type_id", "loaner_car_id", "appointment_date", "expected_return", "created_by_id", "created_at")
  SELECT s.id, s.invoice_id, i.customer_id, i.facility_id, lc.loaner_car_type_id, s.loaner_car_id,
         coalesce((SELECT max(a.appointment_date_time) FROM appointments a WHERE a.schedule_id = s.id), s.created_at),
         s.expected_return_time, s.created_by_id, s.created_at
    FROM appointment_schedules s
    JOIN invoices i ON i.id = s.invoice_id
    JOIN loaner_cars lc ON lc.id = s.loaner_car_id
   WHERE NOT EXISTS (SELECT 1 FROM loaner_reservations r WHERE r.appointment_schedule_id = s.id)
  ON CONFLICT ("appointment_schedule_id") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION schedule_loaner_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loaner_reservations (appointment_schedule_id, invoice_id, customer_id, facility_id, loaner_car_type_id,
      loaner_car_id, appointment_date, expected_return, created_by_id)
    SELECT NEW.id, NEW.invoice_id, i.customer_id, i.facility_id, lc.loaner_car_type_id, NEW.loaner_car_id,
           coalesce((SELECT max(a.appointment_date_time) FROM appointments a WHERE a.schedule_id = NEW.id), now()),
           NEW.expected_return_time, NEW.created_by_id
      FROM invoices i, loaner_cars lc
     WHERE i.id = NEW.invoice_id AND lc.id = NEW.loaner_car_id
  ON CONFLICT (appointment_schedule_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_schedules_loaner_reservation ON "appointment_schedules";--> statement-breakpoint
CREATE TRIGGER appointment_schedules_loaner_reservation AFTER INSERT OR UPDATE OF loaner_car_id
  ON "appointment_schedules" FOR EACH ROW WHEN (NEW.loaner_car_id IS NOT NULL)
  EXECUTE FUNCTION schedule_loaner_reservation();
--> statement-breakpoint
-- The list's filters read the reservation alone, so its count needs no join: the reservation's car follows its
-- schedule's (the form sets both; a check-out may choose another car, kept in the usage), and its facility
-- follows its invoice's.
UPDATE "loaner_reservations" r SET "loaner_car_id" = s.loaner_car_id FROM "appointment_schedules" s
  WHERE s.id = r.appointment_schedule_id AND s.loaner_car_id IS NOT NULL AND r.loaner_car_id IS NULL;--> statement-breakpoint
UPDATE "loaner_reservations" r SET "facility_id" = i.facility_id FROM "invoices" i
  WHERE i.id = r.invoice_id AND r.facility_id IS DISTINCT FROM i.facility_id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION schedule_car_to_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loaner_reservations SET loaner_car_id = NEW.loaner_car_id
   WHERE appointment_schedule_id = NEW.id AND loaner_car_id IS DISTINCT FROM NEW.loaner_car_id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_schedules_car_to_reservation ON "appointment_schedules";--> statement-breakpoint
CREATE TRIGGER appointment_schedules_car_to_reservation AFTER UPDATE OF loaner_car_id ON "appointment_schedules"
  FOR EACH ROW WHEN (NEW.loaner_car_id IS NOT NULL AND OLD.loaner_car_id IS DISTINCT FROM NEW.loaner_car_id)
  EXECUTE FUNCTION schedule_car_to_reservation();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_facility_to_reservations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loaner_reservations SET facility_id = NEW.facility_id
   WHERE invoice_id = NEW.id AND facility_id IS DISTINCT FROM NEW.facility_id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_facility_to_reservations ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_facility_to_reservations AFTER UPDATE OF facility_id ON "invoices"
  FOR EACH ROW WHEN (OLD.facility_id IS DISTINCT FROM NEW.facility_id)
  EXECUTE FUNCTION invoice_facility_to_reservations();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loaner_reservations_facility_date_idx" ON "loaner_reservations" ("facility_id", "appointment_date");
