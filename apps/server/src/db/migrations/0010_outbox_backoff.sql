-- Issue #16: the outbox retries with exponential backoff and recovers rows a dead process left 'sending'.
-- next_attempt_at: when a pending row may be tried (now for new rows; pushed back after each failed attempt).
-- claimed_at: when a sender marked the row 'sending'; a row still 'sending' long after it (the lease) belonged
-- to a process that died mid-send and is put back to 'pending'. Rows already stuck in 'sending' count as
-- claimed when they were created, so the first sender after this migration recovers them.
-- notify_outbox_failed_idx: GET /api/metrics counts failed messages without reading the sent ones.
-- segments: SMS segments the text is billed as (GSM-7 160/153, UCS-2 70/67), counted when it was queued.
ALTER TABLE "notify_outbox" ADD COLUMN IF NOT EXISTS "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notify_outbox" ADD COLUMN IF NOT EXISTS "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notify_outbox" ADD COLUMN IF NOT EXISTS "segments" smallint;--> statement-breakpoint
UPDATE "notify_outbox" SET "claimed_at" = "created_at" WHERE "status" = 'sending' AND "claimed_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "notify_outbox_pending_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notify_outbox_due_idx" ON "notify_outbox" USING btree ("next_attempt_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notify_outbox_failed_idx" ON "notify_outbox" USING btree ("id") WHERE status = 'failed';
