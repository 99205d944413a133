CREATE TABLE "request_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"is_church" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_templates_owner_check" CHECK (is_church or owner_id is not null)
);
--> statement-breakpoint
ALTER TABLE "request_templates" ADD CONSTRAINT "request_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_templates_own_name_key" ON "request_templates" USING btree ("owner_id",lower("name")) WHERE not is_church;--> statement-breakpoint
CREATE UNIQUE INDEX "request_templates_church_name_key" ON "request_templates" USING btree (lower("name")) WHERE is_church;