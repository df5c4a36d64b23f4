-- Issue #17: beside every page the invoice list asks GET /api/Invoices/summary with the same $filter (the header's
-- Total, Submitted, Signed and Replacement). With the dates cleared and a name typed, that was a pass over the
-- invoices' matches (634 ms for 'Will', 157,000 invoices), where the page itself takes 20 ms (0029). The counts by
-- name now also count the submitted, signed and replacement invoices of each name, so that summary is a sum over
-- the names as well; and the search copy holds these three flags, so a summary (or a page) that filters a fragment
-- together with them, the window or the facility reads the narrow copy instead of the invoices (decision 0015).
ALTER TABLE "invoice_search" ADD COLUMN IF NOT EXISTS "submitted" boolean DEFAULT false NOT NULL,
  ADD COLUMN IF NOT EXISTS "signed" boolean DEFAULT false NOT NULL,
  ADD COLUMN IF NOT EXISTS "replacement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_sold_to_counts" ADD COLUMN IF NOT EXISTS "n_submitted" integer DEFAULT 0 NOT NULL,
  ADD COLUMN IF NOT EXISTS "n_signed" integer DEFAULT 0 NOT NULL,
  ADD COLUMN IF NOT EXISTS "n_replacement" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
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
-- The copy is written again with the flags, and the counts with it (the copy's triggers): its indexes are dropped
-- for the load and built again from their own definitions (on a million invoices about 25 s, once; updating each
-- row in place would insert every row into the eleven trigram indexes again).
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
ANALYZE "invoice_search";--> statement-breakpoint
ANALYZE "invoice_sold_to_counts";
