DROP INDEX "request_items_open_assignee_idx";--> statement-breakpoint
DROP INDEX "request_items_request_idx";--> statement-breakpoint
DROP INDEX "request_items_status_due_idx";--> statement-breakpoint
DROP INDEX "request_items_open_due_idx";--> statement-breakpoint
CREATE INDEX "request_items_open_assignee_due_idx" ON "request_items" USING btree ("assignee_id","due_date","id") WHERE (status not in ('approved', 'published', 'complete') or (is_additional_request and coalesce(additional_request_status, '') in ('pending', 'rejected')));--> statement-breakpoint
CREATE INDEX "request_items_status_recent_idx" ON "request_items" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "request_items_request_idx" ON "request_items" USING btree ("request_id","due_date");--> statement-breakpoint
CREATE INDEX "request_items_status_due_idx" ON "request_items" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "request_items_open_due_idx" ON "request_items" USING btree ("due_date","id") WHERE (status not in ('approved', 'published', 'complete') or (is_additional_request and coalesce(additional_request_status, '') in ('pending', 'rejected')));