-- My Service Vehicles, My Pipeline: the lists read only the user's facilities (decision 0016), and the two
-- covering indexes of migration 0003 did not hold the facility, so every one of the user's vehicles was read from
-- the table to check it: 413 -> 123 requests/s, p99 54 -> 133 ms for user 103 on a million invoices
-- (bench/RESULTS.md, 2026-11-29 18:33 UTC). The facility is now the indexes' last column: 509 requests/s, p99 39 ms.
DROP INDEX IF EXISTS "service_vehicles_my_created_by_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "service_vehicles_my_lead_tech_idx";--> statement-breakpoint
CREATE INDEX "service_vehicles_my_created_by_idx" ON "service_vehicles" USING btree ("created_by_id","priority_class","follow_up_date","created_at","repair_count","id","facility_id") WHERE "service_vehicles"."invoice_id" is null and not "service_vehicles"."lost" and not "service_vehicles"."void";--> statement-breakpoint
CREATE INDEX "service_vehicles_my_lead_tech_idx" ON "service_vehicles" USING btree ("lead_technician_id","priority_class","follow_up_date","created_at","repair_count","id","facility_id") WHERE "service_vehicles"."invoice_id" is null and not "service_vehicles"."lost" and not "service_vehicles"."void";
