CREATE TABLE "sunday_reminder_log" (
	"user_id" uuid NOT NULL,
	"work_kind" text NOT NULL,
	"work_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "sunday_reminder_log_user_id_work_id_reason_day_pk" PRIMARY KEY("user_id","work_id","reason","day"),
	CONSTRAINT "sunday_reminder_log_kind_check" CHECK (work_kind in ('task', 'video', 'post'))
);
--> statement-breakpoint
ALTER TABLE "sunday_reminder_log" ADD CONSTRAINT "sunday_reminder_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sunday_reminder_log_day_idx" ON "sunday_reminder_log" USING btree ("day");--> statement-breakpoint
CREATE INDEX "social_media_posts_open_owner_idx" ON "social_media_posts" USING btree ("owner_id") WHERE status in ('Planned', 'Draft') and owner_id is not null;--> statement-breakpoint
CREATE INDEX "sunday_plan_items_open_assignee_idx" ON "sunday_plan_items" USING btree ("assigned_to_id") WHERE not is_complete and assigned_to_id is not null;--> statement-breakpoint
CREATE INDEX "sunday_video_items_open_owner_idx" ON "sunday_video_items" USING btree ("owner_id") WHERE status in ('planned', 'in_production', 'review') and owner_id is not null;