CREATE TABLE "digest_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"request_id" uuid,
	"request_title" text NOT NULL,
	"summary" text NOT NULL,
	"link" text NOT NULL,
	"digest_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_entries_kind_check" CHECK (kind in ('assignment', 'proof_ready', 'proof_decision', 'mention', 'reminder'))
);
--> statement-breakpoint
CREATE TABLE "digests_sent" (
	"user_id" uuid NOT NULL,
	"digest_date" date NOT NULL,
	"entries" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digests_sent_user_id_digest_date_pk" PRIMARY KEY("user_id","digest_date")
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "email_preferences_kind_check" CHECK (kind in ('assignment', 'proof_ready', 'proof_decision', 'mention', 'reminder')),
	CONSTRAINT "email_preferences_mode_check" CHECK (mode in ('immediate', 'digest', 'off'))
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_emails" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "pending_emails" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "digest_entries" ADD CONSTRAINT "digest_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_entries" ADD CONSTRAINT "digest_entries_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digests_sent" ADD CONSTRAINT "digests_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_entries_pending_idx" ON "digest_entries" USING btree ("user_id","created_at") WHERE digest_date is null;