-- Issue #31 item 3, decision 0016: the facilities a user is allowed (authority, set by someone above them) apart
-- from the facility they are working at (the shell's switch, spec 1 §7, never authority).
-- users.facility_id is the home facility (the employee form's "Facility"); user_facilities holds the extra
-- facilities granted on top of it; users.working_facility_id is the switch (null: the home facility). The switch
-- used to rewrite users.facility_id itself, so whatever a user picked last stays their home facility here: an
-- admin corrects it in the employee form.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "working_facility_id" integer REFERENCES "facilities"("id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "user_facilities" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "facility_id" integer NOT NULL REFERENCES "facilities"("id"),
  "granted_by" integer REFERENCES "users"("id"),
  "granted_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "facility_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_facilities_facility_idx" ON "user_facilities" ("facility_id");
