-- Issue #35 item 7: the rejection work queue reads its page from an index. A submission replaced by a later send of
-- the same invoice (a resubmission) is marked: superseded_at, the sent_at of the next submission of its invoice. It
-- is derived data (db/derived/catalogue.ts "claim-superseded", docs/data-model.md "Derived data"): written only by
-- the trigger below, in the transaction that inserts the later submission, whoever inserts it (the send at submit
-- or finalize, the seed, a bench's SQL). Submissions are history: their invoice, id and sent_at never change, and
-- they are deleted only with their invoice (all of them), so an insert is the only change that can replace one.
-- Two sends of one invoice are serialized by the invoice's lock (and claim_submissions_one_open_uq).
ALTER TABLE "claim_submissions" ADD COLUMN IF NOT EXISTS "superseded_at" timestamptz;--> statement-breakpoint
UPDATE claim_submissions s
   SET superseded_at = (SELECT n.sent_at FROM claim_submissions n
                         WHERE n.invoice_id = s.invoice_id AND n.id > s.id ORDER BY n.id LIMIT 1)
 WHERE EXISTS (SELECT 1 FROM claim_submissions n WHERE n.invoice_id = s.invoice_id AND n.id > s.id);--> statement-breakpoint
-- Statement-level with a transition table: a multi-row insert (the seed) recomputes each touched invoice once.
CREATE OR REPLACE FUNCTION claim_submissions_supersede() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE claim_submissions s SET superseded_at = e.superseded_at
    FROM (SELECT p.id, (SELECT n.sent_at FROM claim_submissions n
                         WHERE n.invoice_id = p.invoice_id AND n.id > p.id ORDER BY n.id LIMIT 1) AS superseded_at
            FROM claim_submissions p WHERE p.invoice_id IN (SELECT DISTINCT invoice_id FROM new_rows)) e
   WHERE s.id = e.id AND s.superseded_at IS DISTINCT FROM e.superseded_at;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS claim_submissions_supersede ON claim_submissions;--> statement-breakpoint
CREATE TRIGGER claim_submissions_supersede AFTER INSERT ON claim_submissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION claim_submissions_supersede();--> statement-breakpoint
-- The queue (modules/invoices/claims/claim-read.ts): the latest submission of each invoice in a waiting state,
-- oldest state change first. Its predicate is the queue's own, state list in the same order (the domain's
-- CLAIM_STATES_WAITING_ON_SHOP then _INSURER), so a page is an index range scan of 25 entries.
CREATE INDEX IF NOT EXISTS "claim_submissions_waiting_idx" ON "claim_submissions" USING btree ("state_changed_at", "id")
  WHERE "superseded_at" IS NULL AND "state" IN ('Rejected', 'ShortPaid', 'Denied', 'Sent', 'Acknowledged', 'Accepted');
