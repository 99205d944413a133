ALTER TABLE "runways" DROP CONSTRAINT "runways_code_check";--> statement-breakpoint
ALTER TABLE "runway_items" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "runway_items" ADD COLUMN "days_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "runway_items" ADD COLUMN "default_assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "runway_items" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runway_items" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runways" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD COLUMN "runway_item_id" uuid;--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "runway_items" ADD CONSTRAINT "runway_items_default_assignee_id_users_id_fk" FOREIGN KEY ("default_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD CONSTRAINT "sunday_plan_items_runway_item_id_runway_items_id_fk" FOREIGN KEY ("runway_item_id") REFERENCES "public"."runway_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_subject_idx" ON "activity_log" USING btree ("new_value","created_at") WHERE request_id is null;--> statement-breakpoint
CREATE INDEX "sunday_plan_items_runway_item_idx" ON "sunday_plan_items" USING btree ("runway_item_id");--> statement-breakpoint
ALTER TABLE "runway_items" ADD CONSTRAINT "runway_items_kind_check" CHECK (kind is null or kind in ('text', 'file', 'check'));--> statement-breakpoint
ALTER TABLE "runway_items" ADD CONSTRAINT "runway_items_days_before_check" CHECK (days_before between 0 and 365);--> statement-breakpoint
ALTER TABLE "runways" ADD CONSTRAINT "runways_code_check" CHECK (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD CONSTRAINT "sunday_plan_items_kind_check" CHECK (kind is null or kind in ('text', 'file', 'check'));