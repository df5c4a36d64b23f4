-- Issue #17: a customer-name fragment with nothing else (`contains(soldTo,'Will')`, the list with its dates cleared)
-- must be counted exactly. In the search copy (0028) that is a pass over every match: 100-400 ms for the common
-- fragments (Williams, Brooks: 50,000-157,000 invoices of a million), and a full pass for a two-letter name that no
-- trigram serves. Names repeat (7,205 distinct on the bench's million invoices; repeat customers, fleets and
-- insurers in a shop's), so this table counts invoices per sold-to value: the count of any condition on sold_to
-- alone is the sum of `n` over the values that meet it (odata/README.md "Value counts", decision 0015), a pass
-- over the distinct names instead of the invoices.
--
-- Writers only ever append: a statement trigger on the copy adds one row per value a statement changed, with the
-- change in invoices (+ for rows gained, - for rows lost). No writer updates a shared row, so two transactions
-- that write invoices of the same customer, or a long import beside the staff's edits, never wait for each
-- other. invoice_sold_to_counts_compact() (a job every minute) sums each value's rows into one; a reader sees
-- its rows before or after, and the sums are the same. The column keeps the copy's name (sold_to) so that the
-- list's own condition, under the same alias, reads it.
CREATE TABLE IF NOT EXISTS "invoice_sold_to_counts" (
  "sold_to" text,
  "n" integer NOT NULL,
  "fresh" boolean DEFAULT true NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_sold_to_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_sold_to_counts (sold_to, n)
      SELECT a.sold_to, count(*) FROM invoice_search_added a GROUP BY a.sold_to;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_sold_to_counts (sold_to, n)
      SELECT r.sold_to, -count(*) FROM invoice_search_removed r GROUP BY r.sold_to;
  ELSE
    -- Only the values an update changed: a change of the other copied columns adds nothing.
    INSERT INTO invoice_sold_to_counts (sold_to, n)
      SELECT d.sold_to, sum(d.n) FROM (
        SELECT r.sold_to, -1 AS n FROM invoice_search_removed r
        UNION ALL SELECT a.sold_to, 1 FROM invoice_search_added a
      ) d GROUP BY d.sold_to HAVING sum(d.n) <> 0;
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
-- Sums the rows of every value that has fresh ones into one row (none when the sum is 0), and returns how many
-- values it merged. Rows another transaction has not committed yet are not seen, so they stay fresh for the next
-- run; two runs at once merge each row once (the second skips the rows the first deleted).
CREATE OR REPLACE FUNCTION invoice_sold_to_counts_compact() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  merged integer;
BEGIN
  WITH touched AS (SELECT DISTINCT sold_to FROM invoice_sold_to_counts WHERE fresh AND sold_to IS NOT NULL),
  gone AS (
    DELETE FROM invoice_sold_to_counts c USING touched t WHERE c.sold_to = t.sold_to RETURNING c.sold_to, c.n
  ),
  summed AS (
    INSERT INTO invoice_sold_to_counts (sold_to, n, fresh)
      SELECT g.sold_to, sum(g.n), false FROM gone g GROUP BY g.sold_to HAVING sum(g.n) <> 0
  )
  SELECT count(*) INTO merged FROM touched;
  IF EXISTS (SELECT 1 FROM invoice_sold_to_counts WHERE fresh AND sold_to IS NULL) THEN
    WITH gone AS (DELETE FROM invoice_sold_to_counts c WHERE c.sold_to IS NULL RETURNING c.n)
    INSERT INTO invoice_sold_to_counts (sold_to, n, fresh)
      SELECT NULL, sum(g.n), false FROM gone g HAVING sum(g.n) <> 0;
    merged := merged + 1;
  END IF;
  RETURN merged;
END $$;--> statement-breakpoint
TRUNCATE invoice_sold_to_counts;--> statement-breakpoint
INSERT INTO invoice_sold_to_counts (sold_to, n, fresh) SELECT sold_to, count(*), false FROM invoice_search GROUP BY sold_to;--> statement-breakpoint
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
