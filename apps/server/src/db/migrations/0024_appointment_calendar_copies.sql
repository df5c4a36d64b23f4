-- Issue #18: the calendar's week of a busy facility is 1,500 visits. Each drew its length from its schedule
-- (time_allowed) and its title from its invoice (sold_to): two index look-ups per visit, most of the statement's
-- time. Each visit now carries a copy of both, kept by the database itself, so every writer (routes, imports,
-- jobs, SQL) keeps it true (the same pattern as migration 0023, decision 0011):
--   a visit takes them when inserted or moved to another schedule or invoice (BEFORE row trigger; a direct write
--   to a copy is recomputed); a schedule passes a change of time_allowed, an invoice a change of sold_to, to
--   their visits (AFTER row triggers, only when the value changed).
ALTER TABLE "appointments" ADD COLUMN IF NOT EXISTS "time_allowed" integer NOT NULL DEFAULT 60;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN IF NOT EXISTS "customer_name" text;--> statement-breakpoint
UPDATE "appointments" a SET "time_allowed" = s.time_allowed FROM "appointment_schedules" s
  WHERE s.id = a.schedule_id AND a.time_allowed IS DISTINCT FROM s.time_allowed;--> statement-breakpoint
UPDATE "appointments" a SET "customer_name" = i.sold_to FROM "invoices" i
  WHERE i.id = a.invoice_id AND a.customer_name IS DISTINCT FROM i.sold_to;--> statement-breakpoint
CREATE OR REPLACE FUNCTION appointment_calendar_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.time_allowed := coalesce((SELECT s.time_allowed FROM appointment_schedules s WHERE s.id = NEW.schedule_id), 60);
  NEW.customer_name := (SELECT i.sold_to FROM invoices i WHERE i.id = NEW.invoice_id);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointments_calendar_copies ON "appointments";--> statement-breakpoint
CREATE TRIGGER appointments_calendar_copies BEFORE INSERT OR UPDATE OF schedule_id, invoice_id, time_allowed, customer_name
  ON "appointments" FOR EACH ROW EXECUTE FUNCTION appointment_calendar_copies();--> statement-breakpoint
CREATE OR REPLACE FUNCTION schedule_time_to_appointments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE appointments a SET time_allowed = NEW.time_allowed
   WHERE a.schedule_id = NEW.id AND a.time_allowed IS DISTINCT FROM NEW.time_allowed;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_schedules_time_to_appointments ON "appointment_schedules";--> statement-breakpoint
CREATE TRIGGER appointment_schedules_time_to_appointments AFTER UPDATE OF time_allowed ON "appointment_schedules"
  FOR EACH ROW WHEN (OLD.time_allowed IS DISTINCT FROM NEW.time_allowed)
  EXECUTE FUNCTION schedule_time_to_appointments();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_name_to_appointments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE appointments a SET customer_name = NEW.sold_to
   WHERE a.invoice_id = NEW.id AND a.customer_name IS DISTINCT FROM NEW.sold_to;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_name_to_appointments ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_name_to_appointments AFTER UPDATE OF sold_to ON "invoices"
  FOR EACH ROW WHEN (OLD.sold_to IS DISTINCT FROM NEW.sold_to)
  EXECUTE FUNCTION invoice_name_to_appointments();
