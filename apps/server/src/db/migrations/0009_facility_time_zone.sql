-- Issue #16: an IANA time zone per facility beside the spec's fixed offset `tzo` (minutes, positive west of
-- UTC), so dates print on the facility's wall clock in winter and summer alike. Existing facilities get the
-- zone of their offset, as packages/domain/src/rules/time-zone.ts timeZoneForOffset maps it: the US offsets
-- are read as the daylight (summer) offset of their zone, since the default 300 is US Central daylight time
-- (240 New York, 300 Chicago, 360 Denver, 420 Los Angeles, 480 and 540 Anchorage, 600 Honolulu); 0 is UTC;
-- any other whole hour the fixed zone Etc/GMT±h (same sign as tzo: Etc/GMT+5 is UTC-5); anything else UTC.
ALTER TABLE "facilities" ADD COLUMN IF NOT EXISTS "time_zone" text;--> statement-breakpoint
UPDATE "facilities" SET "time_zone" = CASE "tzo"
    WHEN 240 THEN 'America/New_York'
    WHEN 300 THEN 'America/Chicago'
    WHEN 360 THEN 'America/Denver'
    WHEN 420 THEN 'America/Los_Angeles'
    WHEN 480 THEN 'America/Anchorage'
    WHEN 540 THEN 'America/Anchorage'
    WHEN 600 THEN 'Pacific/Honolulu'
    WHEN 0 THEN 'UTC'
    ELSE CASE WHEN "tzo" % 60 = 0 AND abs("tzo") <= 720
      THEN 'Etc/GMT' || CASE WHEN "tzo" > 0 THEN '+' ELSE '-' END || (abs("tzo") / 60)::text
      ELSE 'UTC' END
  END
WHERE "time_zone" IS NULL;--> statement-breakpoint
ALTER TABLE "facilities" ALTER COLUMN "time_zone" SET DEFAULT 'America/Chicago';--> statement-breakpoint
ALTER TABLE "facilities" ALTER COLUMN "time_zone" SET NOT NULL;
