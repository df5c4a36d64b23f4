-- Issue #21 item 2: the Control Room (apps/server/src/modules/control-room/README.md).
-- Board events: every write to what the board shows (service vehicles, invoices, appointments and routes, parked
-- lines, alerts, duty and sign-ins) announces the facilities it touched with pg_notify('control_room', '<id>').
-- NOTIFY is transactional: it is delivered when the transaction commits and never when it rolls back, and
-- PostgreSQL drops repeats of one payload within a transaction, so a transaction gives one notice per facility
-- whatever it wrote and wherever the write came from (routes, imports, jobs, other areas). Statement-level
-- triggers with transition tables: a bulk statement costs one notice per facility, not one call per row.
-- The server LISTENs (each process for its own sockets), coalesces bursts and pushes ControlRoomChanged.
-- Indexes: the board's counts for one facility read only index entries.
CREATE OR REPLACE FUNCTION control_room_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('control_room', f::text)
      FROM (SELECT DISTINCT facility_id AS f FROM new_rows WHERE facility_id IS NOT NULL) x;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('control_room', f::text)
      FROM (SELECT DISTINCT facility_id AS f FROM old_rows WHERE facility_id IS NOT NULL) x;
  ELSE
    PERFORM pg_notify('control_room', f::text)
      FROM (SELECT facility_id AS f FROM new_rows WHERE facility_id IS NOT NULL
            UNION SELECT facility_id FROM old_rows WHERE facility_id IS NOT NULL) x;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION control_room_touch_parked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('control_room', f::text) FROM (
      SELECT DISTINCT coalesce(i.facility_id, s.facility_id) AS f FROM new_rows p
        LEFT JOIN invoices i ON i.id = p.invoice_id LEFT JOIN service_vehicles s ON s.id = p.service_vehicle_id) x
     WHERE f IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('control_room', f::text) FROM (
      SELECT DISTINCT coalesce(i.facility_id, s.facility_id) AS f FROM old_rows p
        LEFT JOIN invoices i ON i.id = p.invoice_id LEFT JOIN service_vehicles s ON s.id = p.service_vehicle_id) x
     WHERE f IS NOT NULL;
  ELSE
    PERFORM pg_notify('control_room', f::text) FROM (
      SELECT coalesce(i.facility_id, s.facility_id) AS f
        FROM (SELECT invoice_id, service_vehicle_id FROM new_rows
              UNION SELECT invoice_id, service_vehicle_id FROM old_rows) p
        LEFT JOIN invoices i ON i.id = p.invoice_id LEFT JOIN service_vehicles s ON s.id = p.service_vehicle_id
       GROUP BY 1) x
     WHERE f IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Duty, facility or activity of a user, and sign-ins and sign-outs: the board's "on duty" list (row triggers:
-- these are single-row writes, and users are updated on every navigation, so only the columns that matter fire).
CREATE OR REPLACE FUNCTION control_room_touch_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('control_room', u.facility_id::text) FROM users u
      WHERE u.id = NEW.user_id AND u.facility_id IS NOT NULL;
  ELSE
    IF NEW.facility_id IS NOT NULL THEN PERFORM pg_notify('control_room', NEW.facility_id::text); END IF;
    IF OLD.facility_id IS NOT NULL THEN PERFORM pg_notify('control_room', OLD.facility_id::text); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['service_vehicles', 'invoices', 'appointments', 'installer_routes', 'alerts'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_control_room_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION control_room_touch()', t || '_control_room_ins', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_control_room_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION control_room_touch()', t || '_control_room_upd', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_control_room_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION control_room_touch()', t || '_control_room_del', t);
  END LOOP;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS parked_items_control_room_ins ON parked_items;--> statement-breakpoint
CREATE TRIGGER parked_items_control_room_ins AFTER INSERT ON parked_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION control_room_touch_parked();--> statement-breakpoint
DROP TRIGGER IF EXISTS parked_items_control_room_upd ON parked_items;--> statement-breakpoint
CREATE TRIGGER parked_items_control_room_upd AFTER UPDATE ON parked_items REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION control_room_touch_parked();--> statement-breakpoint
DROP TRIGGER IF EXISTS parked_items_control_room_del ON parked_items;--> statement-breakpoint
CREATE TRIGGER parked_items_control_room_del AFTER DELETE ON parked_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION control_room_touch_parked();--> statement-breakpoint
DROP TRIGGER IF EXISTS users_control_room_upd ON users;--> statement-breakpoint
CREATE TRIGGER users_control_room_upd AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.is_on_duty IS DISTINCT FROM NEW.is_on_duty OR OLD.facility_id IS DISTINCT FROM NEW.facility_id
        OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION control_room_touch_user();--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_control_room_ins ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_control_room_ins AFTER INSERT ON sessions FOR EACH ROW
  EXECUTE FUNCTION control_room_touch_user();--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_control_room_upd ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_control_room_upd AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION control_room_touch_user();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_vehicles_board_idx" ON "service_vehicles" USING btree
  ("facility_id", "priority_class", "created_at", "id", "follow_up_date", "followed_up")
  WHERE "priority_class" < 8 AND "repair_count" > 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_board_follow_up_idx" ON "invoices" USING btree ("facility_id", "follow_up_at")
  WHERE "follow_up_at" IS NOT NULL AND NOT "followed_up" AND NOT "void";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alerts_facility_idx" ON "alerts" USING btree ("facility_id", "created_at");
