CREATE TABLE "recurring_request_occurrences" (
	"series_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"request_id" uuid,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_request_occurrences_series_id_occurrence_date_pk" PRIMARY KEY("series_id","occurrence_date")
);
--> statement-breakpoint
CREATE TABLE "recurring_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	"cadence" text NOT NULL,
	"first_date" date NOT NULL,
	"until_date" date,
	"days_ahead" integer NOT NULL,
	"planning_center_added" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_requests_cadence_check" CHECK (cadence in ('weekly', 'biweekly', 'monthly')),
	CONSTRAINT "recurring_requests_status_check" CHECK (status in ('active', 'paused', 'ended')),
	CONSTRAINT "recurring_requests_days_ahead_check" CHECK (days_ahead between 1 and 180),
	CONSTRAINT "recurring_requests_dates_check" CHECK (until_date is null or until_date >= first_date)
);
--> statement-breakpoint
ALTER TABLE "recurring_request_occurrences" ADD CONSTRAINT "recurring_request_occurrences_series_id_recurring_requests_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."recurring_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_request_occurrences" ADD CONSTRAINT "recurring_request_occurrences_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_requests" ADD CONSTRAINT "recurring_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_request_occurrences_request_idx" ON "recurring_request_occurrences" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "recurring_requests_owner_idx" ON "recurring_requests" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_requests_active_idx" ON "recurring_requests" USING btree ("id") WHERE status = 'active';