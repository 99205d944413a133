CREATE TABLE "team_reminder_log" (
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"day" date NOT NULL,
	"summarized" boolean DEFAULT false NOT NULL,
	CONSTRAINT "team_reminder_log_item_id_reason_day_pk" PRIMARY KEY("item_id","reason","day")
);
--> statement-breakpoint
ALTER TABLE "team_reminder_log" ADD CONSTRAINT "team_reminder_log_item_id_request_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."request_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_reminder_log_unsummarized_idx" ON "team_reminder_log" USING btree ("day") WHERE summarized = false;