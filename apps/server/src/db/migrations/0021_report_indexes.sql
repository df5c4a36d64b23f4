-- Issue #21: Reports (apps/server/src/modules/reports). Each report reads one facility at a time over its local
-- range through a (facility_id, <time>) index; these composite indexes carry every column the reports read, so
-- a year of a large chain is counted and summed from the index alone (an index-only scan once autovacuum has
-- set the visibility map) instead of visiting a heap page per invoice, vehicle or visit.
-- Sales, Technicians (lead technicians), Receivables: invoices by facility and open date.
CREATE INDEX IF NOT EXISTS "invoices_report_idx" ON "invoices" USING btree ("facility_id","open_date_time","void","lost","replacement","completed","funded","total_cost","lead_technician_id","insurance_company_id");--> statement-breakpoint
-- Pipeline conversion: service vehicles by facility and creation.
CREATE INDEX IF NOT EXISTS "service_vehicles_report_idx" ON "service_vehicles" USING btree ("facility_id","created_at","source_id","lost","lost_reason_id","last_disposition_id","last_contact_at","invoice_id");--> statement-breakpoint
-- Technicians (installers): visits by facility and time.
CREATE INDEX IF NOT EXISTS "appointments_report_idx" ON "appointments" USING btree ("facility_id","appointment_date_time","installer_id","status_id","scheduled_time","ata");
