-- OData sorts nulls first ascending and last descending (odata/README.md). The invoice list's default order
-- is now lost, follow_up_at ASC NULLS FIRST, open_date_time DESC; finalizing is submitted_at ASC NULLS FIRST.
-- Their indexes are rebuilt with the same null placement so PostgreSQL still reads them in order.
DROP INDEX IF EXISTS "invoices_list_order_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_list_order_idx" ON "invoices" USING btree ("lost","follow_up_at" NULLS FIRST,"open_date_time" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "invoices_finalizing_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_finalizing_idx" ON "invoices" USING btree ("submitted_at" NULLS FIRST) WHERE "invoices"."submitted" and not "invoices"."finalized";
