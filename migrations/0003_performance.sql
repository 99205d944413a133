CREATE TABLE "team_reminder_log" (
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"day" date NOT NULL,
	"summarized" boolean DEFAULT false NOT NULL,
	CONSTRAINT "team_reminder_log_item_id_reason_day_pk" PRIMARY KEY("item_id","reason","day")
);
--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "activity_log_request_idx";--> statement-breakpoint
DROP INDEX "request_assets_request_idx";--> statement-breakpoint
DROP INDEX "request_items_request_idx";--> statement-breakpoint
DROP INDEX "request_items_status_due_idx";--> statement-breakpoint
DROP INDEX "request_messages_request_idx";--> statement-breakpoint
ALTER TABLE "team_reminder_log" ADD CONSTRAINT "team_reminder_log_item_id_request_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."request_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_reminder_log_unsummarized_idx" ON "team_reminder_log" USING btree ("day") WHERE summarized = false;--> statement-breakpoint
CREATE INDEX "notifications_user_created_id_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "request_items_open_due_idx" ON "request_items" USING btree ("due_date","id") WHERE (status not in ('approved', 'published', 'complete') or (is_additional_request and coalesce(additional_request_status, '') in ('pending', 'rejected')));--> statement-breakpoint
CREATE INDEX "request_items_open_assignee_due_idx" ON "request_items" USING btree ("assignee_id","due_date","id") WHERE (status not in ('approved', 'published', 'complete') or (is_additional_request and coalesce(additional_request_status, '') in ('pending', 'rejected')));--> statement-breakpoint
CREATE INDEX "request_items_status_recent_idx" ON "request_items" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "requests_intake_idx" ON "requests" USING btree (coalesce("promotion_start_date", 'infinity'::date),"submitted_at","id") WHERE status not in ('archived_recurring', 'archived_onetime');--> statement-breakpoint
CREATE INDEX "requests_requester_live_idx" ON "requests" USING btree ("requester_id","submitted_at","id") WHERE status not in ('archived_recurring', 'archived_onetime');--> statement-breakpoint
CREATE INDEX "requests_coordinator_live_idx" ON "requests" USING btree ("current_coordinator_id","submitted_at","id") WHERE status not in ('archived_recurring', 'archived_onetime');--> statement-breakpoint
CREATE INDEX "requests_archive_idx" ON "requests" USING btree ("status",coalesce("archived_at", '-infinity'::timestamptz),"id") WHERE status in ('archived_recurring', 'archived_onetime');--> statement-breakpoint
CREATE INDEX "requests_requester_archive_idx" ON "requests" USING btree ("requester_id","status",coalesce("archived_at", '-infinity'::timestamptz),"id") WHERE status in ('archived_recurring', 'archived_onetime');--> statement-breakpoint
CREATE INDEX "requests_promotions_idx" ON "requests" USING btree ("event_start_date","event_title","id") WHERE status not in ('archived_recurring', 'archived_onetime') and event_start_date is not null;--> statement-breakpoint
CREATE INDEX "activity_log_request_idx" ON "activity_log" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "request_assets_request_idx" ON "request_assets" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "request_items_request_idx" ON "request_items" USING btree ("request_id","due_date");--> statement-breakpoint
CREATE INDEX "request_items_status_due_idx" ON "request_items" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "request_messages_request_idx" ON "request_messages" USING btree ("request_id","created_at","id");