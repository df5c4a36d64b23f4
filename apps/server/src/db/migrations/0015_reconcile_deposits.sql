-- Issue #20: reconcile, funding and deposits (apps/server/src/modules/reconcile and deposits, README there).
-- invoices.funded_by_id: who marked the invoice funded (with funded and funded_at, plain columns reports read).
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "funded_by_id" integer REFERENCES "users"("id");--> statement-breakpoint
-- A deposit slip is for one facility (the bank account of a shop): deposit_invoices.facility_id, filled for the
-- deposits made before from their items (the seed made one per week and facility).
ALTER TABLE "deposit_invoices" ADD COLUMN IF NOT EXISTS "facility_id" integer REFERENCES "facilities"("id");--> statement-breakpoint
UPDATE "deposit_invoices" d SET "facility_id" = x."facility_id"
  FROM (SELECT "deposit_invoice_id", min("facility_id") AS "facility_id" FROM "deposit_invoice_items" GROUP BY 1) x
  WHERE x."deposit_invoice_id" = d."id" AND d."facility_id" IS NULL;--> statement-breakpoint
-- An invoice is on one deposit, once: one item per invoice. The seed wrote one item per funded transaction (the
-- payment and the deductible of one invoice, always on the same deposit); those are merged into the first, whose
-- total becomes their sum (the invoice's total), so the deposits' totals do not change.
WITH m AS (
  SELECT min("id") AS "keep", sum("total_cost") AS "total" FROM "deposit_invoice_items"
  GROUP BY "invoice_id" HAVING count(*) > 1
)
UPDATE "deposit_invoice_items" d SET "total_cost" = m."total" FROM m WHERE d."id" = m."keep";--> statement-breakpoint
DELETE FROM "deposit_invoice_items" d USING "deposit_invoice_items" k
  WHERE k."invoice_id" = d."invoice_id" AND k."id" < d."id";--> statement-breakpoint
DROP INDEX IF EXISTS "deposit_invoice_items_invoice_idx";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deposit_invoice_items_invoice_uq" ON "deposit_invoice_items" USING btree ("invoice_id");--> statement-breakpoint
-- The Deposits list: newest first, by facility or by creator.
CREATE INDEX IF NOT EXISTS "deposit_invoices_facility_idx" ON "deposit_invoices" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposit_invoices_created_by_idx" ON "deposit_invoices" USING btree ("created_by_id","created_at");--> statement-breakpoint
-- Reconcile: the totals (count, labor, parts, tax, total) of a year of invoices come with every page. This index
-- holds the columns those sums and the usual filters read, in OpenDateTime order, so the default request (and one
-- by facility, insurer, lead technician, payment type or finalized) counts and sums from the index alone
-- (index-only scan; needs the visibility map, which autovacuum keeps) instead of visiting a third of the table.
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_reconcile_idx" ON "invoices" USING btree ("open_date_time","facility_id","insurance_company_id","lead_technician_id","payment_type_id","finalized","total_cost","labor_cost","parts_cost","tax_cost");--> statement-breakpoint
-- Reconcile filters: total cost exact; invoice number by fragment (contains(invoiceNumber,'123'), i.id::text).
CREATE INDEX IF NOT EXISTS "invoices_total_cost_idx" ON "invoices" USING btree ("total_cost","open_date_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_id_text_trgm_idx" ON "invoices" USING gin (("id"::text) gin_trgm_ops);--> statement-breakpoint
ANALYZE "deposit_invoice_items";
