-- Issue #36 (decision 0013, amended): the per-facility counters of migration 0026 were raised by the statement
-- that wrote the visits, so a transaction held its facility's counter row locked from that statement to its
-- commit: every other write of that facility's visits (a move, an installer's status, a route's order) waited
-- for it, round trips and all. In the mixed-load day a move's upsert of its schedule waited on that lock in a
-- third of the samples. The statements now only note which facilities they changed (a row each in
-- appointment_version_raises, which takes no lock another writer waits for), and the counters are raised once
-- per transaction, in facility order, by a deferred trigger at commit: the counter rows are locked for the
-- commit alone. A kept answer still sees the new counter in the same commit as the change it shows.
CREATE TABLE IF NOT EXISTS "appointment_version_raises" (
  "tx" bigint NOT NULL DEFAULT txid_current(),
  "facility_id" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointment_version_raises_tx_idx" ON "appointment_version_raises" ("tx");--> statement-breakpoint
-- Notes the facilities given (null: row 0) for this transaction's commit.
CREATE OR REPLACE FUNCTION appointment_versions_raise(facilities integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO appointment_version_raises (facility_id)
    SELECT DISTINCT coalesce(f, 0) FROM unnest(facilities) f;
$$;--> statement-breakpoint
-- At commit: raises each facility this transaction noted, once, in facility order (so that concurrent commits
-- take the counters' locks in the same order), and forgets the notes. The later firings of the same commit
-- find nothing left.
CREATE OR REPLACE FUNCTION appointment_versions_raise_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  noted integer[];
BEGIN
  WITH gone AS (DELETE FROM appointment_version_raises WHERE tx = txid_current() RETURNING facility_id)
  SELECT array_agg(DISTINCT facility_id ORDER BY facility_id) INTO noted FROM gone;
  IF noted IS NOT NULL THEN
    INSERT INTO appointment_versions AS v (facility_id, version)
      SELECT f, 1 FROM unnest(noted) f ORDER BY 1
      ON CONFLICT (facility_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS appointment_version_raises_at_commit ON "appointment_version_raises";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER appointment_version_raises_at_commit AFTER INSERT ON "appointment_version_raises"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION appointment_versions_raise_at_commit();
