DROP INDEX "users_full_name_idx";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "body_etag" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "body_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "requests_feed_event_end_idx" ON "requests" USING btree (coalesce(event_end_date, event_start_date)) WHERE status not in ('archived_recurring', 'archived_onetime', 'cancelled');--> statement-breakpoint
CREATE INDEX "requests_feed_promotion_idx" ON "requests" USING btree ("promotion_start_date") WHERE status not in ('archived_recurring', 'archived_onetime', 'cancelled');--> statement-breakpoint
CREATE INDEX "users_full_name_id_idx" ON "users" USING btree ("full_name","id");