CREATE TABLE "nudge_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"read_until" timestamp with time zone NOT NULL,
	"touched_until" timestamp with time zone NOT NULL,
	"rules" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "nudge_touched_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "request_items_nudge_touched_idx" ON "request_items" USING btree ("nudge_touched_at","id") WHERE (not request_archived and not request_finished and status in ('submitted', 'not_started', 'in_progress', 'changes_requested', 'proof_ready') and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "request_items_nudge_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.assignee_id IS DISTINCT FROM OLD.assignee_id OR NEW.response IS DISTINCT FROM OLD.response THEN
    NEW.nudge_touched_at := clock_timestamp();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "request_items_nudge_touched" BEFORE INSERT OR UPDATE OF "assignee_id", "response" ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION request_items_nudge_touched();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "requests_nudge_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.status IN ('on_hold', 'published', 'complete', 'cancelled', 'archived_recurring', 'archived_onetime')
        AND NEW.status IS DISTINCT FROM OLD.status)
     OR NEW.requester_id IS DISTINCT FROM OLD.requester_id
     OR NEW.current_coordinator_id IS DISTINCT FROM OLD.current_coordinator_id THEN
    UPDATE request_items SET nudge_touched_at = clock_timestamp()
      WHERE request_id = NEW.id AND status IN ('submitted', 'not_started', 'in_progress', 'changes_requested', 'proof_ready');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_nudge_touched" AFTER UPDATE OF "status", "requester_id", "current_coordinator_id" ON "requests"
  FOR EACH ROW EXECUTE FUNCTION requests_nudge_touched();
