ALTER TABLE "request_items" ADD COLUMN "request_event_start_date" date;--> statement-breakpoint
-- Items know their request's event start date, as they know its title (decision 0070): the two
-- functions of migration 0026 again, with request_event_start_date.
CREATE OR REPLACE FUNCTION "request_items_archived_of_request"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(46, hashtext(NEW.request_id::text));
  SELECT status, event_title, ministry_id, event_start_date INTO r FROM requests WHERE id = NEW.request_id;
  NEW.request_archived := coalesce(r.status in ('archived_recurring', 'archived_onetime'), false);
  NEW.request_finished := coalesce(r.status in ('published', 'complete', 'cancelled'), false);
  NEW.request_cancelled := coalesce(r.status = 'cancelled', false);
  NEW.request_event_title := coalesce(r.event_title, '');
  NEW.request_ministry_id := r.ministry_id;
  NEW.request_event_start_date := r.event_start_date;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "request_items_archived_write" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "request_items_archived_write" BEFORE INSERT OR UPDATE OF "request_id", "request_archived", "request_finished",
  "request_cancelled", "request_event_title", "request_ministry_id", "request_event_start_date" ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION request_items_archived_of_request();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "requests_archived_to_items"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  archived boolean := NEW.status in ('archived_recurring', 'archived_onetime');
  finished boolean := NEW.status in ('published', 'complete', 'cancelled');
  cancelled boolean := NEW.status = 'cancelled';
BEGIN
  PERFORM pg_advisory_xact_lock(46, hashtext(NEW.id::text));
  UPDATE request_items SET request_archived = archived, request_finished = finished, request_cancelled = cancelled,
         request_event_title = NEW.event_title, request_ministry_id = NEW.ministry_id,
         request_event_start_date = NEW.event_start_date
   WHERE request_id = NEW.id
     AND (request_archived IS DISTINCT FROM archived OR request_finished IS DISTINCT FROM finished
          OR request_cancelled IS DISTINCT FROM cancelled
          OR request_event_title IS DISTINCT FROM NEW.event_title OR request_ministry_id IS DISTINCT FROM NEW.ministry_id
          OR request_event_start_date IS DISTINCT FROM NEW.event_start_date);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "requests_archived_items" ON "requests";--> statement-breakpoint
CREATE TRIGGER "requests_archived_items" AFTER UPDATE OF "status", "event_title", "ministry_id", "event_start_date" ON "requests" FOR EACH ROW
  WHEN ((OLD.status in ('archived_recurring', 'archived_onetime')) IS DISTINCT FROM (NEW.status in ('archived_recurring', 'archived_onetime'))
     OR (OLD.status in ('published', 'complete', 'cancelled')) IS DISTINCT FROM (NEW.status in ('published', 'complete', 'cancelled'))
     OR (OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled')
     OR OLD.event_title IS DISTINCT FROM NEW.event_title OR OLD.ministry_id IS DISTINCT FROM NEW.ministry_id
     OR OLD.event_start_date IS DISTINCT FROM NEW.event_start_date)
  EXECUTE FUNCTION requests_archived_to_items();--> statement-breakpoint
-- The items made before this migration.
UPDATE "request_items" i SET "request_event_start_date" = r.event_start_date
  FROM "requests" r
 WHERE r.id = i.request_id AND r.event_start_date IS NOT NULL;--> statement-breakpoint
CREATE INDEX "request_items_unready_event_idx" ON "request_items" USING btree ("request_event_start_date","request_id") WHERE ((not request_archived and status not in ('approved', 'published', 'complete') and additional_request_status is distinct from 'rejected') and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved') and not request_cancelled);
