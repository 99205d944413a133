DROP INDEX "users_full_name_idx";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "body_etag" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "body_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_full_name_id_idx" ON "users" USING btree ("full_name","id");