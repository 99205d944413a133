CREATE TABLE "channels" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"goes_to_cms" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_label_check" CHECK (char_length(trim(label)) > 0)
);
--> statement-breakpoint
CREATE TABLE "church_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"church_name" text DEFAULT '' NOT NULL,
	"time_zone" text,
	"contact_email" text,
	"calendar_question" boolean DEFAULT true NOT NULL,
	"calendar_name" text DEFAULT 'Planning Center' NOT NULL,
	"calendar_required" boolean DEFAULT true NOT NULL,
	"promotion_min_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_settings_one_row" CHECK (id = 1),
	CONSTRAINT "church_settings_notice_check" CHECK (promotion_min_days >= 0)
);
--> statement-breakpoint
CREATE TABLE "tiers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"examples" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lead_time_days" integer DEFAULT 0 NOT NULL,
	"lead_time_label" text,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extras_preapproved" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiers_lead_time_check" CHECK (lead_time_days >= 0),
	CONSTRAINT "tiers_name_check" CHECK (char_length(trim(name)) > 0)
);
--> statement-breakpoint
ALTER TABLE "request_items" DROP CONSTRAINT "request_items_channel_check";--> statement-breakpoint
ALTER TABLE "requests" DROP CONSTRAINT "requests_tier_check";--> statement-breakpoint
DROP INDEX "request_items_cms_waiting_idx";--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "goes_to_cms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
-- Decision 0056 (hand-written below this line): the church's configuration as data. A fresh database
-- gets the general defaults (tiers A, B, C and D; no church's own words); a database that already has
-- requests gets exactly the tiers, channels and rules the app had built in, so nothing it shows changes.
INSERT INTO "channels" ("code", "label", "needs_approval", "goes_to_cms", "position")
SELECT * FROM (VALUES
  ('stage_announcement', 'Sunday Stage Announcement', true, false, 0),
  ('sunday_slide', 'Sunday Slide Deck', false, false, 1),
  ('facebook_event', 'Facebook Event', false, false, 2),
  ('social_media_posts', 'Instagram Posts (3) + Stories', false, false, 3),
  ('social_media_story', 'Instagram Story', false, false, 4),
  ('website_feature_page', 'Website Feature Page', false, true, 5),
  ('website_event_page', 'Website Event Page', false, true, 6),
  ('website_calendar_listing', 'Website Calendar Listing', false, true, 7),
  ('app_push_notification', 'App Push Notification', false, true, 8),
  ('email_feature', 'Email Newsletter Feature', false, true, 9),
  ('email_mention', 'Email Newsletter Mention', false, true, 10),
  ('registration_page', 'Registration Page', false, true, 11),
  ('promotional_video', 'Promotional Video', true, false, 12),
  ('print_posters', 'Print Posters (11x17)', false, false, 13),
  ('happenings_flyer', 'Flyer for Happenings Rack (8.5x11)', false, false, 14),
  ('banner', 'Banner', true, false, 15),
  ('mass_email', 'Mass Email', true, false, 16),
  ('other', 'Other', false, false, 17)
) AS v WHERE NOT EXISTS (SELECT 1 FROM "requests");--> statement-breakpoint
INSERT INTO "channels" ("code", "label", "needs_approval", "goes_to_cms", "position")
SELECT * FROM (VALUES
  ('stage_announcement', 'Sunday Stage Announcement', true, false, 0),
  ('landing_slide', 'Landing Slide Deck', false, false, 1),
  ('sunday_slide', 'Sunday Slide Deck', false, false, 2),
  ('facebook_event', 'Facebook Event', false, false, 3),
  ('social_media_posts', 'Instagram Posts (3) + Stories', false, false, 4),
  ('social_media_story', 'Instagram Story', false, false, 5),
  ('website_feature_page', 'Website Feature Page', false, true, 6),
  ('website_event_page', 'Website Event Page', false, true, 7),
  ('website_calendar_listing', 'Website Calendar Listing', false, true, 8),
  ('app_push_notification', 'App Push Notification', false, true, 9),
  ('email_feature', 'Email Newsletter Feature', false, true, 10),
  ('email_mention', 'Email Newsletter Mention', false, true, 11),
  ('registration_page', 'Registration Page', false, true, 12),
  ('landing_social_media', 'Landing Social Media', false, false, 13),
  ('promotional_video', 'Promotional Video', true, false, 14),
  ('print_posters', 'Print Posters (11x17)', false, false, 15),
  ('happenings_flyer', 'Flyer for Happenings Rack (8.5x11)', false, false, 16),
  ('banner', 'Banner', true, false, 17),
  ('mass_email', 'Mass Email', true, false, 18),
  ('other', 'Other', false, false, 19)
) AS v WHERE EXISTS (SELECT 1 FROM "requests");--> statement-breakpoint
INSERT INTO "tiers" ("code", "name", "examples", "description", "lead_time_days", "lead_time_label", "channels", "extras_preapproved", "position")
SELECT * FROM (VALUES
  ('A', 'Tier A', 'Church-wide major events', 'Stage announcement (with approval), 3-week slide deck, website feature page, Facebook event, 3 Instagram posts plus stories, email feature, push notification, print posters and a registration page.', 28, '4-6 weeks', '["stage_announcement","sunday_slide","facebook_event","social_media_posts","website_feature_page","website_calendar_listing","app_push_notification","email_feature","registration_page"]'::jsonb, true, 0),
  ('B', 'Tier B', 'Ministry or department events', '2-week slide deck, website event page, Facebook event, Instagram story plus 1-2 posts and an email mention.', 21, '3-4 weeks', '["sunday_slide","website_event_page","social_media_posts","app_push_notification","registration_page"]'::jsonb, false, 1),
  ('C', 'Tier C', 'Small or targeted events', '1-week slide deck, an Instagram story and a website calendar listing.', 14, '2 weeks', '["sunday_slide","website_event_page","social_media_story"]'::jsonb, false, 2),
  ('D', 'Tier D', 'Private events', 'No automatic channels; any extras are additional items that need approval.', 0, 'No lead time', '[]'::jsonb, false, 3)
) AS v WHERE NOT EXISTS (SELECT 1 FROM "requests");--> statement-breakpoint
INSERT INTO "tiers" ("code", "name", "examples", "description", "lead_time_days", "lead_time_label", "channels", "extras_preapproved", "position")
SELECT * FROM (VALUES
  ('A', 'Tier A', 'Church-wide major events', 'Stage announcement (with approval), 3-week slide deck, landing slide deck, website feature page, Facebook event, 3 Instagram posts plus stories, email feature, push notification, print posters and a registration page.', 28, '4-6 weeks', '["stage_announcement","landing_slide","sunday_slide","facebook_event","social_media_posts","website_feature_page","website_calendar_listing","app_push_notification","email_feature","registration_page"]'::jsonb, true, 0),
  ('B', 'Tier B', 'Ministry or department events', '2-week slide deck, website event page, Facebook event, Instagram story plus 1-2 posts, email mention and a landing slide if community-facing.', 21, '3-4 weeks', '["landing_slide","sunday_slide","website_event_page","social_media_posts","app_push_notification","registration_page"]'::jsonb, false, 1),
  ('C', 'Tier C', 'Small or targeted events', '1-week slide deck, an Instagram story and a website calendar listing.', 14, '2 weeks', '["sunday_slide","website_event_page","social_media_story"]'::jsonb, false, 2),
  ('L1', 'Tier L1', 'The Landing plus church crossover', 'Sunday slide deck, landing slide deck, landing social, church social (strategic) and both website calendars.', 21, '3 weeks', '["landing_slide","sunday_slide","website_feature_page","social_media_posts","landing_social_media"]'::jsonb, false, 3),
  ('L2', 'Tier L2', 'The Landing only', 'Landing slide deck only, landing social and landing website, with no Sunday promotion.', 14, '2 weeks', '["landing_slide","landing_social_media"]'::jsonb, false, 4),
  ('D', 'Tier D', 'Private events', 'No automatic channels; any extras are additional items that need approval.', 0, 'No lead time', '[]'::jsonb, false, 5)
) AS v WHERE EXISTS (SELECT 1 FROM "requests");--> statement-breakpoint
INSERT INTO "church_settings" ("id", "contact_email")
SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM "requests") THEN 'communications@example.org' END;--> statement-breakpoint
-- Existing items record whether their channel goes through the CMS queue, and requests the lead time of their tier.
UPDATE "request_items" i SET "goes_to_cms" = true FROM "channels" c WHERE c.code = i.channel AND c.goes_to_cms;--> statement-breakpoint
UPDATE "requests" r SET "lead_time_days" = t.lead_time_days FROM "tiers" t WHERE t.code = r.tier;--> statement-breakpoint
-- Every new item records its channel's CMS setting at creation, whoever writes it; a later change of the
-- channel never moves existing work in or out of the queue.
CREATE FUNCTION "request_items_cms_of_channel"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.goes_to_cms := coalesce((SELECT c.goes_to_cms FROM channels c WHERE c.code = NEW.channel), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "request_items_cms_insert" BEFORE INSERT ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION request_items_cms_of_channel();--> statement-breakpoint
CREATE INDEX "request_items_cms_waiting_idx" ON "request_items" USING btree ("due_date","id") WHERE (status = 'approved' and goes_to_cms and not request_archived
    and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved'));