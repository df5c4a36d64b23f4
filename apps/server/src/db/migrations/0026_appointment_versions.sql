-- Issue #18: the calendar's week and a facility's day are what every office screen shows, and every open screen
-- redraws after each change, so the same answer is asked for by many screens at once. Those answers are kept
-- per process and reused while nothing they show has changed (decision 0013). "Nothing has changed" is told by
-- the database itself, so every writer (routes, imports, jobs, plain SQL, the copy triggers of 0024) counts:
--   appointment_versions holds a counter per facility, raised by any statement that writes that facility's
--   visits or their schedules, or the vehicle of an invoice with visits there; row 0 is raised by what every
--   facility's answers show (installers, part types, statuses, loaner car and waiting option names, facilities'
--   names and time zones). A kept answer is used only while the sum of its counters is unchanged.
-- Statement triggers with transition tables: a bulk write raises each facility once, in facility order so that
-- concurrent writers take the counters' locks in the same order.
CREATE TABLE IF NOT EXISTS "appointment_versions" (
  "facility_id" integer PRIMARY KEY NOT NULL,
  "version" bigint NOT NULL DEFAULT 1
);--> statement-breakpoint
INSERT INTO "appointment_versions" ("facility_id", "version") VALUES (0, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Raises the counters of the facilities given (null: row 0), each once, in facility order.
CREATE OR REPLACE FUNCTION appointment_versions_raise(facilities integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO appointment_versions AS v (facility_id, version)
    SELECT DISTINCT coalesce(f, 0), 1 FROM unnest(facilities) f ORDER BY 1
    ON CONFLICT (facility_id) DO UPDATE SET version = v.version + 1;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION appointment_versions_of_visits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM appointment_versions_raise(array(SELECT DISTINCT n.facility_id FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM appointment_versions_raise(array(SELECT n.facility_id FROM new_rows n
                                             UNION SELECT o.facility_id FROM old_rows o));
  ELSE
    PERFORM appointment_versions_raise(array(SELECT DISTINCT o.facility_id FROM old_rows o));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointments_version_insert ON "appointments";--> statement-breakpoint
CREATE TRIGGER appointments_version_insert AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_visits();--> statement-breakpoint
DROP TRIGGER IF EXISTS appointments_version_update ON "appointments";--> statement-breakpoint
CREATE TRIGGER appointments_version_update AFTER UPDATE ON "appointments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_visits();--> statement-breakpoint
DROP TRIGGER IF EXISTS appointments_version_delete ON "appointments";--> statement-breakpoint
CREATE TRIGGER appointments_version_delete AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_visits();--> statement-breakpoint
-- A schedule (address, phones, instructions, loaner) is shown with its visits: the facilities of its visits.
CREATE OR REPLACE FUNCTION appointment_versions_of_schedules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM appointment_versions_raise(array(
      SELECT DISTINCT a.facility_id FROM old_rows o JOIN appointments a ON a.schedule_id = o.id));
  ELSE
    PERFORM appointment_versions_raise(array(
      SELECT DISTINCT a.facility_id FROM new_rows n JOIN appointments a ON a.schedule_id = n.id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_schedules_version_update ON "appointment_schedules";--> statement-breakpoint
CREATE TRIGGER appointment_schedules_version_update AFTER UPDATE ON "appointment_schedules"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_schedules();--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_schedules_version_delete ON "appointment_schedules";--> statement-breakpoint
CREATE TRIGGER appointment_schedules_version_delete AFTER DELETE ON "appointment_schedules"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_schedules();--> statement-breakpoint
-- The vehicle an invoice's visits show (its customer's name reaches the visits through migration 0024's copy).
CREATE OR REPLACE FUNCTION appointment_versions_of_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM appointment_versions_raise(array(SELECT DISTINCT a.facility_id FROM appointments a WHERE a.invoice_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_appointment_version ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_appointment_version AFTER UPDATE OF vehicle_year, vehicle_make, vehicle_model ON "invoices"
  FOR EACH ROW WHEN (OLD.vehicle_year IS DISTINCT FROM NEW.vehicle_year OR OLD.vehicle_make IS DISTINCT FROM NEW.vehicle_make
                     OR OLD.vehicle_model IS DISTINCT FROM NEW.vehicle_model)
  EXECUTE FUNCTION appointment_versions_of_invoice();--> statement-breakpoint
CREATE OR REPLACE FUNCTION appointment_versions_of_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM appointment_versions_raise('{0}');
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_appointment_version ON "users";--> statement-breakpoint
CREATE TRIGGER users_appointment_version AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.is_installer IS DISTINCT FROM NEW.is_installer OR OLD.is_active IS DISTINCT FROM NEW.is_active
        OR OLD.facility_id IS DISTINCT FROM NEW.facility_id)
  EXECUTE FUNCTION appointment_versions_of_all();--> statement-breakpoint
DROP TRIGGER IF EXISTS users_appointment_version_rows ON "users";--> statement-breakpoint
CREATE TRIGGER users_appointment_version_rows AFTER INSERT OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_all();--> statement-breakpoint
DROP TRIGGER IF EXISTS facilities_appointment_version ON "facilities";--> statement-breakpoint
CREATE TRIGGER facilities_appointment_version AFTER UPDATE ON "facilities" FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION appointment_versions_of_all();--> statement-breakpoint
DROP TRIGGER IF EXISTS part_types_appointment_version ON "part_types";--> statement-breakpoint
CREATE TRIGGER part_types_appointment_version AFTER INSERT OR UPDATE OR DELETE ON "part_types"
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_all();--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_statuses_appointment_version ON "appointment_statuses";--> statement-breakpoint
CREATE TRIGGER appointment_statuses_appointment_version AFTER INSERT OR UPDATE OR DELETE ON "appointment_statuses"
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_all();--> statement-breakpoint
DROP TRIGGER IF EXISTS loaner_cars_appointment_version ON "loaner_cars";--> statement-breakpoint
CREATE TRIGGER loaner_cars_appointment_version AFTER UPDATE OF name ON "loaner_cars"
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_all();--> statement-breakpoint
DROP TRIGGER IF EXISTS customer_waiting_options_appointment_version ON "customer_waiting_options";--> statement-breakpoint
CREATE TRIGGER customer_waiting_options_appointment_version AFTER INSERT OR UPDATE OR DELETE ON "customer_waiting_options"
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_versions_of_all();
