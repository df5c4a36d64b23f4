-- Issue #17: searches by fragment. contains/startswith/endswith compile to ILIKE (odata/README.md), which a
-- btree cannot serve: on a million invoices contains(vin,'abc') walked the ordered index through nearly every
-- row. A trigram GIN index (pg_trgm, gin_trgm_ops) answers LIKE and ILIKE with any wildcards from the index.
-- One per text field the screens filter by fragment: the invoice list's search box and advanced filters (VIN,
-- sold-to name, reference, claim and RO numbers, phone, plate, service tag, address line, city and ZIP: the
-- address filter ORs line 1, city and ZIP, so all three need one for a bitmap OR), the service vehicle list's
-- search (VIN, RO number, license tag, ORed), and the customer names global search matches by prefix.
-- Vehicle make and model are left out: a few hundred values, whose fragments match thousands of rows that
-- the list's ordered index finds quickly, and that the planner estimates well from the most common values.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite loads its code
-- when the database opens (db/client.ts). Building them on an existing million-invoice database takes a few
-- minutes once; more maintenance_work_mem than the default makes GIN builds much faster.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_vin_trgm_idx" ON "invoices" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_sold_to_trgm_idx" ON "invoices" USING gin ("sold_to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_reference_number_trgm_idx" ON "invoices" USING gin ("reference_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_claim_number_trgm_idx" ON "invoices" USING gin ("claim_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_ro_number_trgm_idx" ON "invoices" USING gin ("ro_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_customer_phone_trgm_idx" ON "invoices" USING gin ("customer_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_license_plate_trgm_idx" ON "invoices" USING gin ("license_plate" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_service_tag_trgm_idx" ON "invoices" USING gin ("service_tag" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_service_address_line1_trgm_idx" ON "invoices" USING gin ("service_address_line1" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_service_city_trgm_idx" ON "invoices" USING gin ("service_city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_service_zip_trgm_idx" ON "invoices" USING gin ("service_zip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_vehicles_vin_trgm_idx" ON "service_vehicles" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_vehicles_repair_order_number_trgm_idx" ON "service_vehicles" USING gin ("repair_order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_vehicles_license_tag_trgm_idx" ON "service_vehicles" USING gin ("license_tag" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_last_name_trgm_idx" ON "customers" USING gin (lower("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_first_name_trgm_idx" ON "customers" USING gin (lower("first_name") gin_trgm_ops);--> statement-breakpoint
ANALYZE "customers";
