CREATE TABLE "nudge_log" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"items" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nudge_log_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "proof_nudge_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "nudge_escalate_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "stage_stuck_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "nudge_log" ADD CONSTRAINT "nudge_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_items_stalled_idx" ON "request_items" USING btree ("stage_entered_at","id") WHERE (not request_archived and not request_finished and status in ('submitted', 'not_started', 'in_progress', 'changes_requested', 'proof_ready') and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved'));--> statement-breakpoint
ALTER TABLE "church_settings" ADD CONSTRAINT "church_settings_nudge_days_check" CHECK (proof_nudge_days >= 1 and nudge_escalate_days >= 1 and stage_stuck_days >= 1);--> statement-breakpoint
-- The board stage (column) of an item status, as stageOf in src/shared/domain/board.ts says it (a
-- test holds the two equal for every status).
CREATE OR REPLACE FUNCTION "item_stage"(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status
    WHEN 'submitted' THEN 'submitted' WHEN 'not_started' THEN 'submitted'
    WHEN 'in_progress' THEN 'in_progress' WHEN 'changes_requested' THEN 'in_progress'
    WHEN 'proof_ready' THEN 'proof_ready'
    WHEN 'approved' THEN 'approved'
    WHEN 'published' THEN 'published'
    WHEN 'complete' THEN 'finished'
  END
$$;--> statement-breakpoint
-- When the item entered its stage, from what history there is: the latest status entry of its
-- request about its channel that moved it into its present stage from another; else, for work
-- still in Submitted, when it was made; else its last change.
UPDATE "request_items" i SET "stage_entered_at" = coalesce(
  (SELECT max(l.created_at) FROM activity_log l LEFT JOIN channels ch ON ch.code = i.channel
    WHERE l.request_id = i.request_id
      AND l.action_type IN ('Item Status Changed', 'Proof Ready', 'Proof Approved', 'Changes Requested')
      AND item_stage(l.new_value) = item_stage(i.status)
      AND item_stage(l.old_value) IS DISTINCT FROM item_stage(i.status)
      AND split_part(l.notes, ': ', 1) IN (ch.label, i.channel)
      AND l.created_at <= i.updated_at),
  CASE WHEN item_stage(i.status) = 'submitted' THEN i.created_at ELSE i.updated_at END);--> statement-breakpoint
-- A status that moves the item to another stage starts its wait over, whoever writes the row; a
-- write that sets the time itself (a restore) keeps it.
CREATE OR REPLACE FUNCTION "request_items_stage_entered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF item_stage(NEW.status) IS DISTINCT FROM item_stage(OLD.status)
     AND NEW.stage_entered_at IS NOT DISTINCT FROM OLD.stage_entered_at THEN
    NEW.stage_entered_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "request_items_stage_entered" BEFORE UPDATE OF "status" ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION request_items_stage_entered();
