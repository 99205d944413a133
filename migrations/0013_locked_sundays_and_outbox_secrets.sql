ALTER TABLE "pending_emails" ADD COLUMN "secret_spans" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_emails" ADD COLUMN "reveal_user_id" uuid;--> statement-breakpoint
ALTER TABLE "pending_emails" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sunday_plans" ADD COLUMN "locked_recurring_slides" jsonb;--> statement-breakpoint
ALTER TABLE "pending_emails" ADD CONSTRAINT "pending_emails_reveal_user_id_users_id_fk" FOREIGN KEY ("reveal_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;