-- Issue #35 item 5: receivables by insurer and clearing house (modules/reports README "The figures") and the
-- Control Room's rejections of the day (modules/control-room README).
-- Reports: "rejections by reason" reads the submissions sent in the range; this index lets each facility's range be
-- one index range scan (like customer_approvals_sent_at_idx). Days to pay and short payments read the payments by
-- (state, state_changed_at): claim_submissions_queue_idx of migration 0032; the board's rejections of today too.
CREATE INDEX IF NOT EXISTS "claim_submissions_sent_at_idx" ON "claim_submissions" USING btree ("sent_at");--> statement-breakpoint
-- Board events (migration 0022, decision 0010): a submission that becomes Rejected (a move by hand, by the system,
-- or a row written Rejected by the seed) changes the board of its invoice's facility. Statement-level with
-- transition tables: a bulk statement gives one notice per facility. Other states are not on the board.
CREATE OR REPLACE FUNCTION control_room_touch_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('control_room', f::text) FROM (
      SELECT DISTINCT i.facility_id AS f FROM new_rows n JOIN invoices i ON i.id = n.invoice_id
       WHERE n.state = 'Rejected' AND i.facility_id IS NOT NULL) x;
  ELSE
    PERFORM pg_notify('control_room', f::text) FROM (
      SELECT DISTINCT i.facility_id AS f FROM new_rows n JOIN old_rows o ON o.id = n.id
        JOIN invoices i ON i.id = n.invoice_id
       WHERE (n.state = 'Rejected') <> (o.state = 'Rejected') AND i.facility_id IS NOT NULL) x;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS claim_submissions_control_room_ins ON claim_submissions;--> statement-breakpoint
CREATE TRIGGER claim_submissions_control_room_ins AFTER INSERT ON claim_submissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION control_room_touch_claim();--> statement-breakpoint
DROP TRIGGER IF EXISTS claim_submissions_control_room_upd ON claim_submissions;--> statement-breakpoint
CREATE TRIGGER claim_submissions_control_room_upd AFTER UPDATE ON claim_submissions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION control_room_touch_claim();
