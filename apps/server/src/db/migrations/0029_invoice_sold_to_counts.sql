-- Issue #17: a customer-name fragment with nothing else (`contains(soldTo,'Will')`, the list with its dates cleared)
-- must be counted exactly, and so must the list's header counts that the screen asks for beside every page (GET
-- /api/Invoices/summary: Total, Submitted, Signed, Replacement). In the search copy (0028) that is a pass over every
-- match: 100-400 ms for the common fragments (Williams, Brooks: 50,000-157,000 invoices of a million), and a full
-- pass for a two-letter name that no trigram serves; the summary read the invoices (634 ms for 'Will'). Names
-- repeat (7,205 distinct on the bench's million invoices; repeat customers, fleets and insurers in a shop's), so
-- this table counts invoices per sold-to value, and of them the submitted, signed and replacement ones: the count of
-- any condition on sold_to alone is the sum over the values that meet it (odata/README.md "Value counts", decision
-- 0015), a pass over the distinct names instead of the invoices. The copy gains those three flags, so a summary (or
-- a page) of a fragment with a flag, the window or the facility reads the narrow copy instead of the invoices.
--
-- Writers only ever append: a statement trigger on the copy adds one row per value a statement changed, with the
-- change in invoices (+ for rows gained, - for rows lost). No writer updates a shared row, so two transactions
-- that write invoices of the same customer, or a long import beside the staff's edits, never wait for each
-- other. invoice_sold_to_counts_compact() (a job every minute) sums each value's rows into one; a reader sees
-- its rows before or after, and the sums are the same. The column keeps the copy's name (sold_to) so that the
-- list's own condition, under the same alias, reads it.
ALTER TABLE "invoice_search" ADD COLUMN IF NOT EXISTS "submitted" boolean DEFAULT false NOT NULL,
  ADD COLUMN IF NOT EXISTS "signed" boolean DEFAULT false NOT NULL,
  ADD COLUMN IF NOT EXISTS "replacement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "invoice_sold_to_counts" (
  "sold_to" text,
  "n" integer NOT NULL,
  "n_submitted" integer DEFAULT 0 NOT NULL,
  "n_signed" integer DEFAULT 0 NOT NULL,
  "n_replacement" integer DEFAULT 0 NOT NULL,
  "fresh" boolean DEFAULT true NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_search_copy(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_search (id, facility_id, lost, follow_up_at, open_date_time, vin, sold_to, reference_number,
    claim_number, ro_number, customer_phone, license_plate, service_tag, service_address_line1, service_city,
    service_zip, vehicle_year, vehicle_make, vehicle_model, submitted, signed, replacement)
  SELECT i.id, i.facility_id, i.lost, i.follow_up_at, i.open_date_time, i.vin, i.sold_to,
    i.reference_number, i.claim_number, i.ro_number, i.customer_phone, i.license_plate, i.service_tag,
    i.service_address_line1, i.service_city, i.service_zip, i.vehicle_year, i.vehicle_make, i.vehicle_model,
    i.submitted, i.signed, i.replacement
    FROM invoices i WHERE i.id = ANY(ids)
  ON CONFLICT (id) DO UPDATE SET facility_id = excluded.facility_id, lost = excluded.lost,
    follow_up_at = excluded.follow_up_at, open_date_time = excluded.open_date_time, vin = excluded.vin,
    sold_to = excluded.sold_to, reference_number = excluded.reference_number, claim_number = excluded.claim_number,
    ro_number = excluded.ro_number, customer_phone = excluded.customer_phone, license_plate = excluded.license_plate,
    service_tag = excluded.service_tag, service_address_line1 = excluded.service_address_line1,
    service_city = excluded.service_city, service_zip = excluded.service_zip, vehicle_year = excluded.vehicle_year,
    vehicle_make = excluded.vehicle_make, vehicle_model = excluded.vehicle_model, submitted = excluded.submitted,
    signed = excluded.signed, replacement = excluded.replacement;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_search_updated ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_search_updated AFTER UPDATE OF id, facility_id, lost, follow_up_at, open_date_time, vin,
  sold_to, reference_number, claim_number, ro_number, customer_phone, license_plate, service_tag,
  service_address_line1, service_city, service_zip, vehicle_year, vehicle_make, vehicle_model, submitted, signed,
  replacement ON "invoices"
  FOR EACH ROW WHEN ((OLD.id, OLD.facility_id, OLD.lost, OLD.follow_up_at, OLD.open_date_time, OLD.vin, OLD.sold_to,
    OLD.reference_number, OLD.claim_number, OLD.ro_number, OLD.customer_phone, OLD.license_plate, OLD.service_tag,
    OLD.service_address_line1, OLD.service_city, OLD.service_zip, OLD.vehicle_year, OLD.vehicle_make,
    OLD.vehicle_model, OLD.submitted, OLD.signed, OLD.replacement) IS DISTINCT FROM (NEW.id, NEW.facility_id, NEW.lost,
    NEW.follow_up_at, NEW.open_date_time, NEW.vin, NEW.sold_to, NEW.reference_number, NEW.claim_number,
    NEW.ro_number, NEW.customer_phone, NEW.license_plate, NEW.service_tag, NEW.service_address_line1,
    NEW.service_city, NEW.service_zip, NEW.vehicle_year, NEW.vehicle_make, NEW.vehicle_model, NEW.submitted,
    NEW.signed, NEW.replacement))
  EXECUTE FUNCTION invoice_search_updated();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_sold_to_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_sold_to_counts (sold_to, n, n_submitted, n_signed, n_replacement)
      SELECT a.sold_to, count(*), count(*) FILTER (WHERE a.submitted), count(*) FILTER (WHERE a.signed),
        count(*) FILTER (WHERE a.replacement)
        FROM invoice_search_added a GROUP BY a.sold_to;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_sold_to_counts (sold_to, n, n_submitted, n_signed, n_replacement)
      SELECT r.sold_to, -count(*), -count(*) FILTER (WHERE r.submitted), -count(*) FILTER (WHERE r.signed),
        -count(*) FILTER (WHERE r.replacement)
        FROM invoice_search_removed r GROUP BY r.sold_to;
  ELSE
    -- Only the names whose counts an update changed: a change of the other copied columns adds nothing.
    INSERT INTO invoice_sold_to_counts (sold_to, n, n_submitted, n_signed, n_replacement)
      SELECT d.sold_to, sum(d.n), sum(d.s), sum(d.g), sum(d.r) FROM (
        SELECT o.sold_to, -1 AS n, -o.submitted::int AS s, -o.signed::int AS g, -o.replacement::int AS r
          FROM invoice_search_removed o
        UNION ALL
        SELECT a.sold_to, 1, a.submitted::int, a.signed::int, a.replacement::int FROM invoice_search_added a
      ) d GROUP BY d.sold_to
      HAVING (sum(d.n), sum(d.s), sum(d.g), sum(d.r)) <> (0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoice_search_sold_to_inserted ON "invoice_search";--> statement-breakpoint
CREATE TRIGGER invoice_search_sold_to_inserted AFTER INSERT ON "invoice_search"
  REFERENCING NEW TABLE AS invoice_search_added FOR EACH STATEMENT EXECUTE FUNCTION invoice_sold_to_counted();--> statement-breakpoint
DROP TRIGGER IF EXISTS invoice_search_sold_to_updated ON "invoice_search";--> statement-breakpoint
CREATE TRIGGER invoice_search_sold_to_updated AFTER UPDATE ON "invoice_search"
  REFERENCING OLD TABLE AS invoice_search_removed NEW TABLE AS invoice_search_added
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_sold_to_counted();--> statement-breakpoint
DROP TRIGGER IF EXISTS invoice_search_sold_to_deleted ON "invoice_search";--> statement-breakpoint
CREATE TRIGGER invoice_search_sold_to_deleted AFTER DELETE ON "invoice_search"
  REFERENCING OLD TABLE AS invoice_search_removed FOR EACH STATEMENT EXECUTE FUNCTION invoice_sold_to_counted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_sold_to_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE invoice_sold_to_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoice_search_sold_to_truncated ON "invoice_search";--> statement-breakpoint
CREATE TRIGGER invoice_search_sold_to_truncated AFTER TRUNCATE ON "invoice_search"
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_sold_to_truncated();--> statement-breakpoint
-- Sums the rows of every value that has fresh ones into one row (none when every sum is 0), and returns how many
-- values it merged. Rows another transaction has not committed yet are not seen, so they stay fresh for the next
-- run; two runs at once merge each row once (the second skips the rows the first deleted).
CREATE OR REPLACE FUNCTION invoice_sold_to_counts_compact() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  merged integer;
BEGIN
  WITH touched AS (SELECT DISTINCT sold_to FROM invoice_sold_to_counts WHERE fresh AND sold_to IS NOT NULL),
  gone AS (
    DELETE FROM invoice_sold_to_counts c USING touched t WHERE c.sold_to = t.sold_to
    RETURNING c.sold_to, c.n, c.n_submitted, c.n_signed, c.n_replacement
  ),
  summed AS (
    INSERT INTO invoice_sold_to_counts (sold_to, n, n_submitted, n_signed, n_replacement, fresh)
      SELECT g.sold_to, sum(g.n), sum(g.n_submitted), sum(g.n_signed), sum(g.n_replacement), false FROM gone g
      GROUP BY g.sold_to HAVING (sum(g.n), sum(g.n_submitted), sum(g.n_signed), sum(g.n_replacement)) <> (0, 0, 0, 0)
  )
  SELECT count(*) INTO merged FROM touched;
  IF EXISTS (SELECT 1 FROM invoice_sold_to_counts WHERE fresh AND sold_to IS NULL) THEN
    WITH gone AS (
      DELETE FROM invoice_sold_to_counts c WHERE c.sold_to IS NULL
      RETURNING c.n, c.n_submitted, c.n_signed, c.n_replacement
    )
    INSERT INTO invoice_sold_to_counts (sold_to, n, n_submitted, n_signed, n_replacement, fresh)
      SELECT NULL, sum(g.n), sum(g.n_submitted), sum(g.n_signed), sum(g.n_replacement), false FROM gone g
      HAVING (sum(g.n), sum(g.n_submitted), sum(g.n_signed), sum(g.n_replacement)) <> (0, 0, 0, 0);
    merged := merged + 1;
  END IF;
  RETURN merged;
END $$;--> statement-breakpoint
-- The copy is written again with the flags, and the counts with it (the copy's triggers above): its indexes are
-- dropped for the load and built again from their own definitions (on a million invoices about 20 s, once; updating
-- each row in place would insert every row into the eleven trigram indexes again).
DO $$
DECLARE
  defs text[];
  def text;
BEGIN
  SELECT coalesce(array_agg(pg_get_indexdef(x.indexrelid)), '{}') INTO defs
    FROM pg_index x WHERE x.indrelid = 'invoice_search'::regclass AND NOT x.indisprimary;
  FOR def IN SELECT format('DROP INDEX %s', x.indexrelid::regclass) FROM pg_index x
      WHERE x.indrelid = 'invoice_search'::regclass AND NOT x.indisprimary LOOP
    EXECUTE def;
  END LOOP;
  TRUNCATE invoice_search;
  PERFORM invoice_search_copy(array(SELECT id FROM invoices));
  SET LOCAL maintenance_work_mem = '256MB';
  FOREACH def IN ARRAY defs LOOP
    EXECUTE def;
  END LOOP;
END $$;--> statement-breakpoint
-- The load wrote one row per name: nothing for the compaction to merge.
UPDATE invoice_sold_to_counts SET fresh = false WHERE fresh;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_sold_to_counts_sold_to_idx" ON "invoice_sold_to_counts" ("sold_to");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_sold_to_counts_fresh_idx" ON "invoice_sold_to_counts" ("sold_to") WHERE "fresh";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_sold_to_counts_sold_to_trgm_idx" ON "invoice_sold_to_counts" USING gin ("sold_to" gin_trgm_ops);--> statement-breakpoint
-- The page's keys are still read from the copy, in the list's order: whether to walk the order index (a common
-- name) or gather the matches by trigram and sort them (a rare one) is the planner's choice, from its estimate of
-- how many rows match. With the default sample (30,000 rows, 100 common values) a name of 8,000 invoices was
-- estimated at 71 and sorted (25-34 ms) where the walk takes 4-6 ms; 1,000 reads enough of the names.
ALTER TABLE "invoice_search" ALTER COLUMN "sold_to" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "invoice_search";--> statement-breakpoint
ANALYZE "invoice_sold_to_counts";
