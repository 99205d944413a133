DROP INDEX "request_items_status_due_idx";--> statement-breakpoint
DROP INDEX "request_items_status_recent_idx";--> statement-breakpoint
CREATE INDEX "request_items_live_status_due_idx" ON "request_items" USING btree ("status","due_date","id") WHERE not request_archived;--> statement-breakpoint
CREATE INDEX "request_items_cms_waiting_idx" ON "request_items" USING btree ("due_date","id") WHERE (status = 'approved' and channel in ('website_feature_page', 'website_event_page', 'website_calendar_listing', 'registration_page', 'email_feature', 'email_mention', 'app_push_notification') and not request_archived
    and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved'));--> statement-breakpoint
CREATE INDEX "request_items_live_status_recent_idx" ON "request_items" USING btree ("status","updated_at","id") WHERE not request_archived;