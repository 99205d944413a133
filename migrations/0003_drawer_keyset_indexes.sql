DROP INDEX "activity_log_request_idx";--> statement-breakpoint
DROP INDEX "request_assets_request_idx";--> statement-breakpoint
DROP INDEX "request_messages_request_idx";--> statement-breakpoint
CREATE INDEX "activity_log_request_idx" ON "activity_log" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "request_assets_request_idx" ON "request_assets" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "request_messages_request_idx" ON "request_messages" USING btree ("request_id","created_at","id");