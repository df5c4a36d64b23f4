-- Issue #35 item 7: the rejection work queue's counts and its $count read only claim_submissions. Each counted
-- submission used to look its invoice up for the facility (the facility scope, the facility column): 19,000 key
-- probes of invoices for the default counts, most of the statement's time. The invoice's facility is now kept on
-- the submission: derived data (db/derived/catalogue.ts "claim-facility", docs/data-model.md "Derived data"), a
-- row copy as vehicle-invoice-state is (decision 0011): a BEFORE row trigger on the submission reads it from the
-- invoice whenever a submission is inserted or its invoice_id or facility_id is written (a direct write to the
-- copy is recomputed), and an AFTER row trigger on invoices passes a change of facility_id to the invoice's
-- submissions (only when it changed). The BEFORE trigger takes the invoice FOR SHARE when the pointer is new
-- (migration 0036's rule: it waits for a change of that invoice in flight, then reads the committed facility).
ALTER TABLE "claim_submissions" ADD COLUMN IF NOT EXISTS "facility_id" integer;--> statement-breakpoint
UPDATE claim_submissions s SET facility_id = i.facility_id FROM invoices i
 WHERE i.id = s.invoice_id AND s.facility_id IS DISTINCT FROM i.facility_id;--> statement-breakpoint
ALTER TABLE "claim_submissions" ALTER COLUMN "facility_id" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION claim_submission_facility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.invoice_id IS DISTINCT FROM NEW.invoice_id THEN
    PERFORM 1 FROM invoices WHERE id = NEW.invoice_id FOR SHARE;
  END IF;
  NEW.facility_id := (SELECT i.facility_id FROM invoices i WHERE i.id = NEW.invoice_id);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS claim_submissions_facility ON "claim_submissions";--> statement-breakpoint
CREATE TRIGGER claim_submissions_facility BEFORE INSERT OR UPDATE OF invoice_id, facility_id ON "claim_submissions"
  FOR EACH ROW EXECUTE FUNCTION claim_submission_facility();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_facility_to_claim_submissions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE claim_submissions s SET facility_id = NEW.facility_id
   WHERE s.invoice_id = NEW.id AND s.facility_id IS DISTINCT FROM NEW.facility_id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_claim_submission_facility ON "invoices";--> statement-breakpoint
CREATE TRIGGER invoices_claim_submission_facility AFTER UPDATE OF facility_id ON "invoices" FOR EACH ROW
  WHEN (OLD.facility_id IS DISTINCT FROM NEW.facility_id)
  EXECUTE FUNCTION invoice_facility_to_claim_submissions();--> statement-breakpoint
-- The queue's counts (and its $count) over the waiting submissions, from this index alone: the facility (the
-- scope), the clearing house, the state and the reason are what they count by; the predicate is the queue's
-- own, as claim_submissions_waiting_idx's (migration 0037), state list in the same order.
CREATE INDEX IF NOT EXISTS "claim_submissions_waiting_counts_idx" ON "claim_submissions" USING btree
  ("facility_id", "clearing_house_id", "state", "reason_code")
  WHERE "superseded_at" IS NULL AND "state" IN ('Rejected', 'ShortPaid', 'Denied', 'Sent', 'Acknowledged', 'Accepted');
