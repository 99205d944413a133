ALTER TABLE "sunday_reminder_log" DROP CONSTRAINT "sunday_reminder_log_kind_check";--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "is_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slides_open_owner_idx" ON "slides" USING btree ("owner_id") WHERE not is_complete and owner_id is not null;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_owner_check" CHECK (owner_id is null or type = 'weekly');--> statement-breakpoint
ALTER TABLE "sunday_reminder_log" ADD CONSTRAINT "sunday_reminder_log_kind_check" CHECK (work_kind in ('task', 'video', 'slide', 'post'));