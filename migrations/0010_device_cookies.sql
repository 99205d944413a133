ALTER TABLE "login_attempts" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "mfa_attempts" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "mfa_attempts" ADD COLUMN "trusted_by" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "requested_ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "by_sso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_device_idx" ON "login_attempts" USING btree ("device","created_at");--> statement-breakpoint
CREATE INDEX "mfa_attempts_trusted_idx" ON "mfa_attempts" USING btree ("trusted_by","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_ip_idx" ON "password_reset_tokens" USING btree ("requested_ip","created_at");