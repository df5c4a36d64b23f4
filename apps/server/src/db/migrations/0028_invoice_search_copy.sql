-- Issue #17: searches by fragment on a million invoices. A trigram index finds a fragment's candidates in a few
-- milliseconds, but PostgreSQL rechecks each one in the table, and the invoices table (343 MB of wide rows) does not
-- stay in the server's buffers: a name fragment of 8,000 matches read 7,000 of its pages, 50-280 ms, and the list's
-- order and count read them again. This narrow copy holds only what the list's fragment searches filter and sort
-- on (the searched texts, the window, facility and the list's order), under the same column names, 130 MB for a
-- million invoices: the OData engine counts and orders a search's matches here and reads the page's 50 rows by key
-- from invoices (odata/README.md "Search copy", decision 0014). The database keeps it, so every writer (routes,
-- imports, jobs, plain SQL) keeps it true: a statement trigger copies inserted invoices, a row trigger an update of
-- these columns (only when one changed), both through invoice_search_copy(ids); a statement trigger drops deleted
-- ones, and TRUNCATE empties it.
CREATE TABLE IF NOT EXISTS "invoice_search" (
  "id" integer PRIMARY KEY,
  "facility_id" integer NOT NULL,
  "lost" boolean NOT NULL,
  "follow_up_at" timestamptz,
  "open_date_time" timestamptz NOT NULL,
  "vin" text,
  "sold_to" text,
  "reference_number" text,
  "claim_number" text,
  "ro_number" text,
  "customer_phone" text,
  "license_plate" text,
  "service_tag" text,
  "service_address_line1" text,
  "service_city" text,
  "service_zip" text,
  "vehicle_year" smallint,
  "vehicle_make" text,
  "vehicle_model" text
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_search_copy(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_search SELECT i.id, i.facility_id, i.lost, i.follow_up_at, i.open_date_time, i.vin, i.sold_to,
    i.reference_number, i.claim_number, i.ro_number, i.customer_phone, i.license_plate, i.service_tag,
    i.service_address_line1, i.service_city, i.service_zip, i.vehicle_year, i.vehicle_make, i.vehicle_model
    FROM invoices i WHERE i.id = ANY(ids)
  ON CONFLICT (id) DO UPDATE SET facility_id = excluded.facility_id, lost = excluded.lost,
    follow_up_at = excluded.follow_up_at, open_date_time = excluded.open_date_time, vin = excluded.vin,
    sold_to = excluded.sold_to, reference_number = excluded.reference_number, claim_number = excluded.claim_number,
    ro_number = excluded.ro_number, customer_phone = excluded.customer_phone, license_plate = excluded.license_plate,
    service_tag = excluded.service_tag, service_address_line1 = excluded.service_address_line1,
    service_city = excluded.service_city, service_zip = excluded.service_zip, vehicle_year = excluded.vehicle_year,
    vehicle_make = excluded.vehicle_make, vehicle_model = excluded.vehicle_model;
END $$;--> statement-breakpoint
SELECT invoice_search_copy(array(SELECT id FROM invoices));--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_search_copy(array(SELECT n.id FROM invoice_search_new n));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_search_inserted ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_search_inserted AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS invoice_search_new
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_search_inserted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.id <> NEW.id THEN
    DELETE FROM invoice_search WHERE id = OLD.id;
  END IF;
  PERFORM invoice_search_copy(array[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_search_updated ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_search_updated AFTER UPDATE OF id, facility_id, lost, follow_up_at, open_date_time, vin,
  sold_to, reference_number, claim_number, ro_number, customer_phone, license_plate, service_tag,
  service_address_line1, service_city, service_zip, vehicle_year, vehicle_make, vehicle_model ON "invoices"
  FOR EACH ROW WHEN ((OLD.id, OLD.facility_id, OLD.lost, OLD.follow_up_at, OLD.open_date_time, OLD.vin, OLD.sold_to,
    OLD.reference_number, OLD.claim_number, OLD.ro_number, OLD.customer_phone, OLD.license_plate, OLD.service_tag,
    OLD.service_address_line1, OLD.service_city, OLD.service_zip, OLD.vehicle_year, OLD.vehicle_make,
    OLD.vehicle_model) IS DISTINCT FROM (NEW.id, NEW.facility_id, NEW.lost, NEW.follow_up_at, NEW.open_date_time,
    NEW.vin, NEW.sold_to, NEW.reference_number, NEW.claim_number, NEW.ro_number, NEW.customer_phone,
    NEW.license_plate, NEW.service_tag, NEW.service_address_line1, NEW.service_city, NEW.service_zip,
    NEW.vehicle_year, NEW.vehicle_make, NEW.vehicle_model))
  EXECUTE FUNCTION invoice_search_updated();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_search s USING invoice_search_old o WHERE s.id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_search_deleted ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_search_deleted AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS invoice_search_old
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_search_deleted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_search_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE invoice_search;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_search_truncated ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_search_truncated AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_search_truncated();--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_list_order_idx" ON "invoice_search" ("lost", "follow_up_at" NULLS FIRST, "open_date_time" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_vin_trgm_idx" ON "invoice_search" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_sold_to_trgm_idx" ON "invoice_search" USING gin ("sold_to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_reference_number_trgm_idx" ON "invoice_search" USING gin ("reference_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_claim_number_trgm_idx" ON "invoice_search" USING gin ("claim_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_ro_number_trgm_idx" ON "invoice_search" USING gin ("ro_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_customer_phone_trgm_idx" ON "invoice_search" USING gin ("customer_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_license_plate_trgm_idx" ON "invoice_search" USING gin ("license_plate" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_service_tag_trgm_idx" ON "invoice_search" USING gin ("service_tag" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_service_address_line1_trgm_idx" ON "invoice_search" USING gin ("service_address_line1" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_service_city_trgm_idx" ON "invoice_search" USING gin ("service_city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_search_service_zip_trgm_idx" ON "invoice_search" USING gin ("service_zip" gin_trgm_ops);--> statement-breakpoint
ANALYZE "invoice_search";
