CREATE TABLE "sunday_template_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"runway_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"days_before" integer DEFAULT 0 NOT NULL,
	"default_assignee_id" uuid,
	"order_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sunday_template_tasks_kind_check" CHECK (kind in ('text', 'file', 'check')),
	CONSTRAINT "sunday_template_tasks_days_before_check" CHECK (days_before between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "sunday_template_uses" (
	"sunday_date" date NOT NULL,
	"template_task_id" uuid NOT NULL,
	"plan_item_id" uuid,
	"applied_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sunday_template_uses_sunday_date_template_task_id_pk" PRIMARY KEY("sunday_date","template_task_id")
);
--> statement-breakpoint
CREATE TABLE "sunday_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sunday_template_tasks" ADD CONSTRAINT "sunday_template_tasks_template_id_sunday_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sunday_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_template_tasks" ADD CONSTRAINT "sunday_template_tasks_runway_id_runways_id_fk" FOREIGN KEY ("runway_id") REFERENCES "public"."runways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_template_tasks" ADD CONSTRAINT "sunday_template_tasks_default_assignee_id_users_id_fk" FOREIGN KEY ("default_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_template_uses" ADD CONSTRAINT "sunday_template_uses_template_task_id_sunday_template_tasks_id_fk" FOREIGN KEY ("template_task_id") REFERENCES "public"."sunday_template_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_template_uses" ADD CONSTRAINT "sunday_template_uses_plan_item_id_sunday_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."sunday_plan_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_template_uses" ADD CONSTRAINT "sunday_template_uses_applied_by_id_users_id_fk" FOREIGN KEY ("applied_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_templates" ADD CONSTRAINT "sunday_templates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sunday_template_tasks_template_idx" ON "sunday_template_tasks" USING btree ("template_id","order_index");--> statement-breakpoint
CREATE INDEX "sunday_template_uses_task_idx" ON "sunday_template_uses" USING btree ("template_task_id");--> statement-breakpoint
CREATE INDEX "sunday_template_uses_item_idx" ON "sunday_template_uses" USING btree ("plan_item_id") WHERE plan_item_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sunday_templates_name_key" ON "sunday_templates" USING btree (lower("name"));