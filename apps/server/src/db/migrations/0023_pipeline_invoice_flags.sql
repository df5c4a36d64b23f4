-- Issue #21: the Pipeline report (apps/server/src/modules/reports, README "Speed") counts a cohort of service
-- vehicles as completed and funded by the state of each one's invoice. Reading that state meant one invoice
-- look-up per vehicle (a quarter of a million for a year of a large chain: 3.3 s cold). The state is now kept
-- on the vehicle, by the database itself, so every writer (routes, imports, jobs, SQL) keeps it true:
--   invoice_completed = its invoice is completed and not void; invoice_funded = funded and not void.
-- A vehicle gets them when its invoice_id is set or changed (BEFORE row trigger); an invoice passes a change of
-- completed, funded or void to the vehicles that point at it (AFTER row trigger, only when one of them changed).
-- The report's covering index carries both, so a year is counted from that index alone.
ALTER TABLE "service_vehicles" ADD COLUMN IF NOT EXISTS "invoice_completed" boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE "service_vehicles" ADD COLUMN IF NOT EXISTS "invoice_funded" boolean NOT NULL DEFAULT false;--> statement-breakpoint
UPDATE "service_vehicles" s SET "invoice_completed" = i.completed AND NOT i.void, "invoice_funded" = i.funded AND NOT i.void
  FROM "invoices" i WHERE i.id = s.invoice_id AND NOT i.void AND (i.completed OR i.funded);--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_vehicle_invoice_flags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.invoice_completed := false;
  NEW.invoice_funded := false;
  IF NEW.invoice_id IS NOT NULL THEN
    SELECT i.completed AND NOT i.void, i.funded AND NOT i.void INTO NEW.invoice_completed, NEW.invoice_funded
      FROM invoices i WHERE i.id = NEW.invoice_id;
    NEW.invoice_completed := coalesce(NEW.invoice_completed, false);
    NEW.invoice_funded := coalesce(NEW.invoice_funded, false);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS service_vehicles_invoice_flags ON "service_vehicles";--> statement-breakpoint
CREATE TRIGGER service_vehicles_invoice_flags BEFORE INSERT OR UPDATE OF invoice_id, invoice_completed, invoice_funded
  ON "service_vehicles" FOR EACH ROW EXECUTE FUNCTION service_vehicle_invoice_flags();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_flags_to_service_vehicles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_vehicles s SET invoice_completed = NEW.completed AND NOT NEW.void, invoice_funded = NEW.funded AND NOT NEW.void
   WHERE s.invoice_id = NEW.id
     AND (s.invoice_completed, s.invoice_funded) IS DISTINCT FROM (NEW.completed AND NOT NEW.void, NEW.funded AND NOT NEW.void);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_service_vehicle_flags ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_service_vehicle_flags AFTER UPDATE OF completed, funded, void ON "invoices" FOR EACH ROW
  WHEN (OLD.completed IS DISTINCT FROM NEW.completed OR OLD.funded IS DISTINCT FROM NEW.funded OR OLD.void IS DISTINCT FROM NEW.void)
  EXECUTE FUNCTION invoice_flags_to_service_vehicles();--> statement-breakpoint
DROP INDEX IF EXISTS "service_vehicles_report_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_vehicles_report_idx" ON "service_vehicles" USING btree ("facility_id","created_at","source_id","lost","lost_reason_id","last_disposition_id","last_contact_at","invoice_id","invoice_completed","invoice_funded");
