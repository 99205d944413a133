DROP INDEX "notifications_created_idx";--> statement-breakpoint
DROP INDEX "request_messages_created_idx";--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "request_finished" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "request_event_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "request_ministry_id" uuid;--> statement-breakpoint
-- Decision 0060: each item also keeps its request's finished state, event title and ministry, as it keeps
-- request_archived (decision 0046), so the calendar and Accountability read the items' indexes alone.
-- The items written before this migration first (before the triggers, so each row is written once).
UPDATE "request_items" i SET "request_finished" = r.status in ('published', 'complete', 'cancelled'),
  "request_event_title" = r.event_title, "request_ministry_id" = r.ministry_id
  FROM "requests" r WHERE r.id = i.request_id;--> statement-breakpoint
-- The items' own copies, read from their request when an item is written with a request (or with a copy
-- itself), under the advisory lock of decision 0046 so a request changing at that moment is waited for.
CREATE OR REPLACE FUNCTION "request_items_archived_of_request"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(46, hashtext(NEW.request_id::text));
  SELECT status, event_title, ministry_id INTO r FROM requests WHERE id = NEW.request_id;
  NEW.request_archived := coalesce(r.status in ('archived_recurring', 'archived_onetime'), false);
  NEW.request_finished := coalesce(r.status in ('published', 'complete', 'cancelled'), false);
  NEW.request_event_title := coalesce(r.event_title, '');
  NEW.request_ministry_id := r.ministry_id;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "request_items_archived_write" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "request_items_archived_write" BEFORE INSERT OR UPDATE OF "request_id", "request_archived", "request_finished",
  "request_event_title", "request_ministry_id" ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION request_items_archived_of_request();--> statement-breakpoint
-- A request archived, finished or brought back, retitled or moved to another ministry: its items follow.
-- Other changes of a request do not call the function at all.
CREATE OR REPLACE FUNCTION "requests_archived_to_items"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  archived boolean := NEW.status in ('archived_recurring', 'archived_onetime');
  finished boolean := NEW.status in ('published', 'complete', 'cancelled');
BEGIN
  PERFORM pg_advisory_xact_lock(46, hashtext(NEW.id::text));
  UPDATE request_items SET request_archived = archived, request_finished = finished,
         request_event_title = NEW.event_title, request_ministry_id = NEW.ministry_id
   WHERE request_id = NEW.id
     AND (request_archived IS DISTINCT FROM archived OR request_finished IS DISTINCT FROM finished
          OR request_event_title IS DISTINCT FROM NEW.event_title OR request_ministry_id IS DISTINCT FROM NEW.ministry_id);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "requests_archived_items" ON "requests";--> statement-breakpoint
CREATE TRIGGER "requests_archived_items" AFTER UPDATE OF "status", "event_title", "ministry_id" ON "requests" FOR EACH ROW
  WHEN ((OLD.status in ('archived_recurring', 'archived_onetime')) IS DISTINCT FROM (NEW.status in ('archived_recurring', 'archived_onetime'))
     OR (OLD.status in ('published', 'complete', 'cancelled')) IS DISTINCT FROM (NEW.status in ('published', 'complete', 'cancelled'))
     OR OLD.event_title IS DISTINCT FROM NEW.event_title OR OLD.ministry_id IS DISTINCT FROM NEW.ministry_id)
  EXECUTE FUNCTION requests_archived_to_items();--> statement-breakpoint
CREATE INDEX "request_items_calendar_idx" ON "request_items" USING btree ("due_date","request_event_title","id","request_ministry_id") WHERE (not request_archived and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved'));--> statement-breakpoint
CREATE INDEX "request_items_accountable_due_idx" ON "request_items" USING btree ("due_date","request_event_title","id") WHERE (not request_archived and not request_finished and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved') and status not in ('approved', 'published', 'complete'));--> statement-breakpoint
CREATE INDEX "request_items_not_started_due_idx" ON "request_items" USING btree ("due_date","request_event_title","id") WHERE ((not request_archived and not request_finished and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved') and status not in ('approved', 'published', 'complete')) and status in ('submitted', 'not_started'));--> statement-breakpoint
CREATE INDEX "request_items_accountable_assignee_idx" ON "request_items" USING btree ("assignee_id") WHERE (not request_archived and not request_finished and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved') and status not in ('approved', 'published', 'complete'));--> statement-breakpoint
CREATE INDEX "requests_unassigned_idx" ON "requests" USING btree ("submitted_at","id") WHERE (current_coordinator_id is null and status not in ('archived_recurring', 'archived_onetime', 'published', 'complete', 'cancelled'));--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "request_messages_created_idx" ON "request_messages" USING btree ("created_at","id");