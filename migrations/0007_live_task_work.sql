DROP INDEX "request_items_open_due_idx";--> statement-breakpoint
DROP INDEX "request_items_open_assignee_due_idx";--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "request_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The items of requests archived before this migration (before the triggers, so each row is written once).
UPDATE "request_items" i SET "request_archived" = true FROM "requests" r
  WHERE r.id = i.request_id AND r.status in ('archived_recurring', 'archived_onetime');--> statement-breakpoint
-- Decision 0046: the database keeps each item's request_archived from its request's status, whoever writes either table.
-- The items' own value: read from their request when an item is written with a request (or with the flag itself).
-- A request archived or brought back at that moment holds its advisory lock (class 46, this decision) alone until
-- it commits: the item waits for it and then reads the new state. Row locks cannot do this: the status update
-- does not lock the row's key, and a lock on its new version is not seen by other transactions.
CREATE FUNCTION "request_items_archived_of_request"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  archived boolean;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(46, hashtext(NEW.request_id::text));
  SELECT r.status in ('archived_recurring', 'archived_onetime') INTO archived FROM requests r WHERE r.id = NEW.request_id;
  NEW.request_archived := coalesce(archived, false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "request_items_archived_write" BEFORE INSERT OR UPDATE OF "request_id", "request_archived" ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION request_items_archived_of_request();--> statement-breakpoint
-- A request archived or brought back: its items follow. Other status changes do not call the function at all.
-- The advisory lock first waits for items being written into the request by other transactions, so the
-- update below sees them, and makes new ones wait for this change.
CREATE FUNCTION "requests_archived_to_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(46, hashtext(NEW.id::text));
  UPDATE request_items SET request_archived = (NEW.status in ('archived_recurring', 'archived_onetime'))
   WHERE request_id = NEW.id AND request_archived IS DISTINCT FROM (NEW.status in ('archived_recurring', 'archived_onetime'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_archived_items" AFTER UPDATE OF "status" ON "requests" FOR EACH ROW
  WHEN ((OLD.status in ('archived_recurring', 'archived_onetime')) IS DISTINCT FROM (NEW.status in ('archived_recurring', 'archived_onetime')))
  EXECUTE FUNCTION requests_archived_to_items();--> statement-breakpoint
CREATE INDEX "request_items_finished_recent_idx" ON "request_items" USING btree ("updated_at","id") WHERE not request_archived and (not (is_additional_request and coalesce(additional_request_status, '') in ('pending', 'rejected')) and status in ('approved', 'published', 'complete'));--> statement-breakpoint
CREATE INDEX "request_items_finished_assignee_recent_idx" ON "request_items" USING btree ("assignee_id","updated_at","id") WHERE not request_archived and (not (is_additional_request and coalesce(additional_request_status, '') in ('pending', 'rejected')) and status in ('approved', 'published', 'complete'));--> statement-breakpoint
CREATE INDEX "request_items_open_due_idx" ON "request_items" USING btree ("due_date","id") WHERE not request_archived and (status not in ('approved', 'published', 'complete') or (is_additional_request and coalesce(additional_request_status, '') in ('pending', 'rejected')));--> statement-breakpoint
CREATE INDEX "request_items_open_assignee_due_idx" ON "request_items" USING btree ("assignee_id","due_date","id") WHERE not request_archived and (status not in ('approved', 'published', 'complete') or (is_additional_request and coalesce(additional_request_status, '') in ('pending', 'rejected')));