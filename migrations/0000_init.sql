CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid,
	"user_id" uuid,
	"action_type" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "future_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT 'sunday' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"target_date" date,
	"ministry_id" uuid,
	"owner_id" uuid,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "future_notes_title_check" CHECK (length(btrim(title)) > 0),
	CONSTRAINT "future_notes_category_check" CHECK (category in ('sunday', 'videos', 'slides', 'social', 'campaign', 'event', 'other')),
	CONSTRAINT "future_notes_status_check" CHECK (status in ('draft', 'planned', 'moved_to_runway', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "help_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article" text NOT NULL,
	"helpful" boolean NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_feedback_article_check" CHECK (article in ('getting-started', 'submitting-requests', 'promotion-tiers', 'tracking-progress', 'best-practices'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "landing_page_content" (
	"section" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"content_type" text DEFAULT 'text' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_page_faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"factor_type" text DEFAULT 'totp' NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfa_factors_type_check" CHECK (factor_type in ('totp')),
	CONSTRAINT "mfa_factors_status_check" CHECK (status in ('unverified', 'verified'))
);
--> statement-breakpoint
CREATE TABLE "ministries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"default_tier" text DEFAULT 'C' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ministries_default_tier_check" CHECK (default_tier in ('A', 'B', 'C', 'L1', 'L2'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"request_id" uuid,
	"link" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"action_url" text,
	"action_text" text,
	"sent" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_log" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "reminder_log_user_id_item_id_reason_day_pk" PRIMARY KEY("user_id","item_id","reason","day")
);
--> statement-breakpoint
CREATE TABLE "request_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"item_id" uuid,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_type" text NOT NULL,
	"uploaded_by" uuid,
	"version_number" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_assets_size_check" CHECK (file_size >= 0)
);
--> statement-breakpoint
CREATE TABLE "request_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"assignee_id" uuid,
	"status" text DEFAULT 'submitted' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"due_date" date,
	"is_additional_request" boolean DEFAULT false NOT NULL,
	"additional_request_status" text,
	"rejection_reason" text,
	"published_url" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_items_channel_check" CHECK (channel in ('stage_announcement', 'landing_slide', 'sunday_slide', 'facebook_event', 'social_media_posts', 'social_media_story', 'website_feature_page', 'website_event_page', 'website_calendar_listing', 'app_push_notification', 'email_feature', 'email_mention', 'registration_page', 'landing_social_media', 'promotional_video', 'print_posters', 'happenings_flyer', 'banner', 'mass_email', 'other')),
	CONSTRAINT "request_items_status_check" CHECK (status in ('submitted', 'not_started', 'in_progress', 'proof_ready', 'changes_requested', 'approved', 'published', 'complete')),
	CONSTRAINT "request_items_priority_check" CHECK (priority in ('low', 'medium', 'high', 'urgent')),
	CONSTRAINT "request_items_additional_status_check" CHECK (additional_request_status is null or additional_request_status in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "request_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_messages_body_check" CHECK (length(btrim(body)) > 0)
);
--> statement-breakpoint
CREATE TABLE "request_viewers" (
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_viewers_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_title" text NOT NULL,
	"ministry_id" uuid,
	"requester_id" uuid NOT NULL,
	"requester_name_override" text,
	"requester_email_override" text,
	"promotion_start_date" date,
	"event_start_date" date,
	"event_end_date" date,
	"start_time" text,
	"end_time" text,
	"location" text,
	"expected_attendance" integer,
	"description_short" text,
	"description_long" text,
	"target_audience" text,
	"cta_type" text DEFAULT 'url' NOT NULL,
	"cta_url" text,
	"tier" text,
	"is_impact_in_one" boolean DEFAULT false NOT NULL,
	"planning_center_added" boolean,
	"planning_center_link" text,
	"info_link" text,
	"registration_link" text,
	"website_description" text,
	"design_direction" text DEFAULT 'template' NOT NULL,
	"design_notes" text,
	"additional_channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"other_channel_text" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"current_coordinator_id" uuid,
	"content_complete_score" integer DEFAULT 0 NOT NULL,
	"duplicate_of" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_series_name" text,
	"archived_at" timestamp with time zone,
	"archived_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_status_check" CHECK (status in ('submitted', 'needs_approval', 'approved', 'in_production', 'in_review', 'revisions_needed', 'final_approval', 'scheduled', 'published', 'complete', 'on_hold', 'cancelled', 'proof_ready', 'in_progress', 'archived_recurring', 'archived_onetime')),
	CONSTRAINT "requests_priority_check" CHECK (priority in ('low', 'medium', 'high', 'urgent')),
	CONSTRAINT "requests_tier_check" CHECK (tier is null or tier in ('A', 'B', 'C', 'L1', 'L2', 'D')),
	CONSTRAINT "requests_design_direction_check" CHECK (design_direction in ('template', 'reference', 'freedom')),
	CONSTRAINT "requests_cta_type_check" CHECK (cta_type in ('url', 'registration', 'info', 'none')),
	CONSTRAINT "requests_short_description_length" CHECK (char_length(description_short) <= 150),
	CONSTRAINT "requests_expected_attendance_check" CHECK (expected_attendance is null or expected_attendance >= 0)
);
--> statement-breakpoint
CREATE TABLE "runway_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"runway_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'requirement' NOT NULL,
	"description" text,
	"order_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#4f46e5' NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "runways_code_unique" UNIQUE("code"),
	CONSTRAINT "runways_code_check" CHECK (code in ('message', 'generosity', 'logistics', 'media', 'announcements'))
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"tagline" text,
	"description" text,
	"start_sunday" date,
	"end_sunday" date,
	"theme_color" text DEFAULT '#4f46e5' NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_dates_check" CHECK (start_sunday is null or end_sunday is null or start_sunday <= end_sunday)
);
--> statement-breakpoint
CREATE TABLE "series_weeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"sunday_date" date NOT NULL,
	"week_title" text NOT NULL,
	"scripture" text,
	"blurb" text,
	CONSTRAINT "series_weeks_series_date_key" UNIQUE("series_id","sunday_date")
);
--> statement-breakpoint
CREATE TABLE "sermon_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sunday_id" uuid NOT NULL,
	"series_id" uuid,
	"sermon_title" text,
	"teaching_pastor_id" uuid,
	"scripture_reference" text,
	"main_idea" text,
	"slides_needed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'Planned' NOT NULL,
	"owner_id" uuid,
	CONSTRAINT "sermon_details_sunday_id_unique" UNIQUE("sunday_id"),
	CONSTRAINT "sermon_details_status_check" CHECK (status in ('Planned', 'In Progress', 'Finalized', 'Delivered'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"csrf_token" text NOT NULL,
	"aal" text DEFAULT 'aal1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"sunday_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "slides_type_check" CHECK (type in ('recurring', 'weekly')),
	CONSTRAINT "slides_sunday_check" CHECK ((type = 'recurring' and sunday_id is null) or (type = 'weekly' and sunday_id is not null))
);
--> statement-breakpoint
CREATE TABLE "social_media_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sunday_id" uuid NOT NULL,
	"platform" text DEFAULT 'Instagram' NOT NULL,
	"post_type" text DEFAULT 'Static Image' NOT NULL,
	"post_datetime" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'Planned' NOT NULL,
	"campaign_tag" text DEFAULT '' NOT NULL,
	"owner_id" uuid,
	"caption" text,
	"hashtags" text,
	"assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "social_media_posts_platform_check" CHECK (platform in ('Facebook', 'Instagram', 'Threads', 'YouTube', 'TikTok', 'LinkedIn', 'X (Twitter)')),
	CONSTRAINT "social_media_posts_type_check" CHECK (post_type in ('Static Image', 'Carousel', 'Story', 'Reel', 'Video', 'Event', 'Link Post')),
	CONSTRAINT "social_media_posts_status_check" CHECK (status in ('Planned', 'Draft', 'Scheduled', 'Posted', 'Canceled'))
);
--> statement-breakpoint
CREATE TABLE "sunday_plan_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sunday_plan_id" uuid NOT NULL,
	"task_name" text NOT NULL,
	"task_details" text,
	"url" text,
	"file_url" text,
	"is_complete" boolean DEFAULT false NOT NULL,
	"assigned_to_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sunday_plan_items_plan_task_key" UNIQUE("sunday_plan_id","task_name")
);
--> statement-breakpoint
CREATE TABLE "sunday_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sunday_date" date NOT NULL,
	"runway_id" uuid,
	"is_locked" boolean DEFAULT false NOT NULL,
	"locked_by_id" uuid,
	"locked_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"readiness_percentage" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sunday_plans_date_runway_key" UNIQUE NULLS NOT DISTINCT("sunday_date","runway_id"),
	CONSTRAINT "sunday_plans_status_check" CHECK (status in ('open', 'locked')),
	CONSTRAINT "sunday_plans_readiness_check" CHECK (readiness_percentage is null or (readiness_percentage between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "sunday_video_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sunday_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'announcement' NOT NULL,
	"ministry_id" uuid,
	"description" text,
	"status" text DEFAULT 'planned' NOT NULL,
	"owner_id" uuid,
	"duration_seconds" integer,
	"order_in_service" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sunday_video_items_type_check" CHECK (type in ('impact_in_one', 'promo', 'story', 'mission', 'announcement', 'testimony', 'other')),
	CONSTRAINT "sunday_video_items_status_check" CHECK (status in ('planned', 'in_production', 'review', 'ready', 'scheduled', 'played')),
	CONSTRAINT "sunday_video_items_duration_check" CHECK (duration_seconds is null or duration_seconds >= 0)
);
--> statement-breakpoint
CREATE TABLE "system_health_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"date_run" timestamp with time zone DEFAULT now() NOT NULL,
	"automation_name" text NOT NULL,
	"status" text NOT NULL,
	"summary" text NOT NULL,
	"details" text,
	"severity" text DEFAULT 'Info' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"checked_by" uuid,
	"resolved" boolean DEFAULT false NOT NULL,
	CONSTRAINT "system_health_log_status_check" CHECK (status in ('Passed', 'Warning', 'Failed')),
	CONSTRAINT "system_health_log_severity_check" CHECK (severity in ('Info', 'Low', 'Medium', 'High', 'Critical'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auth_user_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"role" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"password_reset_required" boolean DEFAULT false NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"ministry_id" uuid,
	"last_login_at" timestamp with time zone,
	"password_hash" text,
	"is_external" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_auth_user_id_unique" UNIQUE("auth_user_id"),
	CONSTRAINT "users_role_check" CHECK (role in ('viewer', 'requester', 'creative', 'approver', 'coordinator', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "future_notes" ADD CONSTRAINT "future_notes_ministry_id_ministries_id_fk" FOREIGN KEY ("ministry_id") REFERENCES "public"."ministries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "future_notes" ADD CONSTRAINT "future_notes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD CONSTRAINT "mfa_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_log" ADD CONSTRAINT "reminder_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_log" ADD CONSTRAINT "reminder_log_item_id_request_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."request_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_assets" ADD CONSTRAINT "request_assets_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_assets" ADD CONSTRAINT "request_assets_item_id_request_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."request_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_assets" ADD CONSTRAINT "request_assets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_messages" ADD CONSTRAINT "request_messages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_messages" ADD CONSTRAINT "request_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_viewers" ADD CONSTRAINT "request_viewers_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_viewers" ADD CONSTRAINT "request_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_viewers" ADD CONSTRAINT "request_viewers_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_ministry_id_ministries_id_fk" FOREIGN KEY ("ministry_id") REFERENCES "public"."ministries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_current_coordinator_id_users_id_fk" FOREIGN KEY ("current_coordinator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runway_items" ADD CONSTRAINT "runway_items_runway_id_runways_id_fk" FOREIGN KEY ("runway_id") REFERENCES "public"."runways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_weeks" ADD CONSTRAINT "series_weeks_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD CONSTRAINT "sermon_details_sunday_id_sunday_plans_id_fk" FOREIGN KEY ("sunday_id") REFERENCES "public"."sunday_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD CONSTRAINT "sermon_details_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD CONSTRAINT "sermon_details_teaching_pastor_id_users_id_fk" FOREIGN KEY ("teaching_pastor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD CONSTRAINT "sermon_details_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_sunday_id_sunday_plans_id_fk" FOREIGN KEY ("sunday_id") REFERENCES "public"."sunday_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_media_posts" ADD CONSTRAINT "social_media_posts_sunday_id_sunday_plans_id_fk" FOREIGN KEY ("sunday_id") REFERENCES "public"."sunday_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_media_posts" ADD CONSTRAINT "social_media_posts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD CONSTRAINT "sunday_plan_items_sunday_plan_id_sunday_plans_id_fk" FOREIGN KEY ("sunday_plan_id") REFERENCES "public"."sunday_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD CONSTRAINT "sunday_plan_items_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_plans" ADD CONSTRAINT "sunday_plans_runway_id_runways_id_fk" FOREIGN KEY ("runway_id") REFERENCES "public"."runways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_plans" ADD CONSTRAINT "sunday_plans_locked_by_id_users_id_fk" FOREIGN KEY ("locked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_video_items" ADD CONSTRAINT "sunday_video_items_sunday_id_sunday_plans_id_fk" FOREIGN KEY ("sunday_id") REFERENCES "public"."sunday_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_video_items" ADD CONSTRAINT "sunday_video_items_ministry_id_ministries_id_fk" FOREIGN KEY ("ministry_id") REFERENCES "public"."ministries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunday_video_items" ADD CONSTRAINT "sunday_video_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_health_log" ADD CONSTRAINT "system_health_log_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ministry_id_ministries_id_fk" FOREIGN KEY ("ministry_id") REFERENCES "public"."ministries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_request_idx" ON "activity_log" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "future_notes_status_target_idx" ON "future_notes" USING btree ("status","target_date");--> statement-breakpoint
CREATE INDEX "future_notes_target_idx" ON "future_notes" USING btree ("target_date");--> statement-breakpoint
CREATE INDEX "help_feedback_article_idx" ON "help_feedback" USING btree ("article");--> statement-breakpoint
CREATE INDEX "landing_page_faqs_order_idx" ON "landing_page_faqs" USING btree ("active","order_index");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "mfa_factors_user_idx" ON "mfa_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ministries_name_key" ON "ministries" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE read = false;--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pending_emails_due_idx" ON "pending_emails" USING btree ("next_attempt_at") WHERE sent = false;--> statement-breakpoint
CREATE INDEX "pending_emails_created_idx" ON "pending_emails" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "request_assets_request_idx" ON "request_assets" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "request_assets_item_idx" ON "request_assets" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "request_items_request_idx" ON "request_items" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_items_assignee_idx" ON "request_items" USING btree ("assignee_id","due_date");--> statement-breakpoint
CREATE INDEX "request_items_status_due_idx" ON "request_items" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "request_items_due_idx" ON "request_items" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "request_items_pending_idx" ON "request_items" USING btree ("additional_request_status") WHERE additional_request_status = 'pending';--> statement-breakpoint
CREATE INDEX "request_messages_request_idx" ON "request_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "request_messages_created_idx" ON "request_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "request_viewers_user_idx" ON "request_viewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "requests_requester_idx" ON "requests" USING btree ("requester_id","submitted_at");--> statement-breakpoint
CREATE INDEX "requests_coordinator_idx" ON "requests" USING btree ("current_coordinator_id","submitted_at");--> statement-breakpoint
CREATE INDEX "requests_submitted_idx" ON "requests" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status","promotion_start_date");--> statement-breakpoint
CREATE INDEX "requests_archived_idx" ON "requests" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "requests_event_start_idx" ON "requests" USING btree ("event_start_date");--> statement-breakpoint
CREATE INDEX "requests_ministry_idx" ON "requests" USING btree ("ministry_id");--> statement-breakpoint
CREATE INDEX "runway_items_runway_idx" ON "runway_items" USING btree ("runway_id","order_index");--> statement-breakpoint
CREATE INDEX "series_start_idx" ON "series" USING btree ("start_sunday");--> statement-breakpoint
CREATE INDEX "series_weeks_date_idx" ON "series_weeks" USING btree ("sunday_date");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "slides_type_sunday_idx" ON "slides" USING btree ("type","sunday_id","order_index");--> statement-breakpoint
CREATE INDEX "social_media_posts_sunday_idx" ON "social_media_posts" USING btree ("sunday_id","post_datetime");--> statement-breakpoint
CREATE INDEX "sunday_plans_date_idx" ON "sunday_plans" USING btree ("sunday_date");--> statement-breakpoint
CREATE INDEX "sunday_video_items_sunday_idx" ON "sunday_video_items" USING btree ("sunday_id","order_in_service");--> statement-breakpoint
CREATE INDEX "system_health_log_date_idx" ON "system_health_log" USING btree ("date_run");--> statement-breakpoint
CREATE INDEX "system_health_log_run_idx" ON "system_health_log" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree ("full_name");