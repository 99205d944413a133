DROP INDEX "request_items_request_idx";--> statement-breakpoint
CREATE INDEX "requests_promoting_idx" ON "requests" USING btree ("event_start_date","id") WHERE status in ('approved', 'in_production');--> statement-breakpoint
CREATE INDEX "request_items_request_idx" ON "request_items" USING btree ("request_id","due_date","status");