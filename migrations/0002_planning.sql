CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "planning_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sunday_date" date NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_type" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planning_files_size_check" CHECK (file_size >= 0)
);
--> statement-breakpoint
ALTER TABLE "future_notes" ADD COLUMN "plan_item_id" uuid;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_files" ADD CONSTRAINT "planning_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_files_sunday_idx" ON "planning_files" USING btree ("sunday_date");--> statement-breakpoint
ALTER TABLE "future_notes" ADD CONSTRAINT "future_notes_plan_item_id_sunday_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."sunday_plan_items"("id") ON DELETE set null ON UPDATE no action;