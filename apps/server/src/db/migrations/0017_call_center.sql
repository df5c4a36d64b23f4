-- Issue #22: the call centre (apps/server/src/modules/call-center/README.md).
-- call_logs gains what the PBX sends and what the call centre records: the PBX's own call id (unique: a record sent
-- twice is stored once), the extension it was made on, the other party's digits (the last 10, for the call-back
-- check), the customer it matched, where the row came from ('pbx' or 'agent': an outcome recorded before the PBX's
-- record arrived; the PBX's record then fills that row in), and the outcome an agent recorded (disposition, notes,
-- when, from which call query).
-- call_queries.filter holds the query's criteria as JSON (CallQueryCriteria in packages/domain contracts/call-center.ts);
-- the three seeded categories' OData texts become criteria over service vehicles.
ALTER TABLE "call_logs" ADD COLUMN IF NOT EXISTS "pbx_call_id" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN IF NOT EXISTS "extension" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN IF NOT EXISTS "party_digits" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN IF NOT EXISTS "customer_id" integer REFERENCES "customers"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN IF NOT EXISTS "source" text DEFAULT 'pbx' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN IF NOT EXISTS "disposition_id" integer REFERENCES "dispositions"("id");--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN IF NOT EXISTS "notes" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN IF NOT EXISTS "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN IF NOT EXISTS "call_query_id" integer REFERENCES "call_queries"("id") ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "call_logs_pbx_call_id_uq" ON "call_logs" ("pbx_call_id") WHERE "pbx_call_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_logs_party_idx" ON "call_logs" ("party_digits", "started_at");--> statement-breakpoint
UPDATE "call_logs" SET "party_digits" = right(regexp_replace(case when "direction" = 'in' then "from_phone" else "to_phone" end, '\D', '', 'g'), 10)
  WHERE "party_digits" IS NULL;--> statement-breakpoint
UPDATE "call_queries" SET "filter" = '{"followUp":"due"}' WHERE "filter" = 'followUpAt le today';--> statement-breakpoint
UPDATE "call_queries" SET "filter" = '{"followUp":"overdue"}' WHERE "filter" = 'followUpAt lt today and followedUp eq false';--> statement-breakpoint
UPDATE "call_queries" SET "filter" = '{"priorities":[1,2,3,4]}' WHERE "filter" = 'readyToCall eq true';--> statement-breakpoint
UPDATE "call_queries" SET "filter" = '{"kind":"replacement","priorities":[2,4]}' WHERE "filter" = 'readyForParts eq true';--> statement-breakpoint
UPDATE "call_queries" SET "filter" = '{"noContactYet":true}' WHERE "filter" = 'paymentTypeId eq 0';--> statement-breakpoint
UPDATE "call_queries" SET "filter" = '{"sourceIds":[5]}' WHERE "filter" = 'submitted eq false and void eq false';--> statement-breakpoint
UPDATE "call_queries" SET "filter" = '{}' WHERE "filter" NOT LIKE '{%';
