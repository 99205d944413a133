CREATE TABLE "channel_week_counts" (
	"channel" text NOT NULL,
	"week" date NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "channel_week_counts_channel_week_pk" PRIMARY KEY("channel","week")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "capacity_per" text DEFAULT 'week' NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "run_weeks" integer DEFAULT 1;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "lead_time_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "request_cancelled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "booked_weeks" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "dropped_items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_capacity_per_check" CHECK (capacity_per in ('sunday', 'week'));--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_capacity_check" CHECK (capacity is null or capacity >= 1);--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_run_weeks_check" CHECK (run_weeks is null or run_weeks >= 1);--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_lead_time_check" CHECK (lead_time_days >= 0);--> statement-breakpoint
-- Decision 0067 (hand-written below this line). The channels the app had built in get their capacity,
-- run and lead-time rules (DEMO_CHANNELS in src/shared/domain/church-config.ts); a channel a church
-- added keeps the column defaults (by the week, unlimited, one week, no lead time).
UPDATE "channels" c SET "capacity_per" = v.per, "capacity" = v.capacity, "run_weeks" = v.run_weeks, "lead_time_days" = v.lead
  FROM (VALUES
  ('stage_announcement', 'sunday', 1::integer, 1::integer, 28),
  ('landing_slide', 'sunday', 4::integer, 3::integer, 14),
  ('sunday_slide', 'sunday', 4::integer, 3::integer, 14),
  ('facebook_event', 'week', NULL::integer, 1::integer, 28),
  ('social_media_posts', 'week', 6::integer, NULL::integer, 21),
  ('social_media_story', 'week', NULL::integer, NULL::integer, 14),
  ('website_feature_page', 'week', NULL::integer, NULL::integer, 21),
  ('website_event_page', 'week', NULL::integer, NULL::integer, 14),
  ('website_calendar_listing', 'week', NULL::integer, NULL::integer, 28),
  ('app_push_notification', 'week', NULL::integer, 1::integer, 21),
  ('email_feature', 'week', 1::integer, 1::integer, 28),
  ('email_mention', 'week', NULL::integer, 1::integer, 14),
  ('registration_page', 'week', NULL::integer, 1::integer, 21),
  ('landing_social_media', 'week', NULL::integer, NULL::integer, 14),
  ('promotional_video', 'week', NULL::integer, 1::integer, 14),
  ('print_posters', 'week', NULL::integer, 1::integer, 14),
  ('happenings_flyer', 'week', NULL::integer, 1::integer, 14),
  ('banner', 'week', NULL::integer, 1::integer, 14),
  ('mass_email', 'week', NULL::integer, 1::integer, 14),
  ('other', 'week', NULL::integer, 1::integer, 14)
  ) AS v(code, per, capacity, run_weeks, lead) WHERE v.code = c.code;--> statement-breakpoint
-- The weeks (their Mondays) an item of a channel books when it runs as planned in a promotion window:
-- each Sunday's week (per Sunday) or each week the window touches (per week), the last run_weeks of
-- them (all for null). The SQL twin of plannedRuns (src/shared/domain/capacity.ts) for the rows made
-- outside the app (this backfill, the bench's generator); capacity-sql.test.ts keeps the two equal.
CREATE OR REPLACE FUNCTION "planned_booked_weeks"(window_start date, window_end date, per text, run_weeks integer)
RETURNS date[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(w ORDER BY w), '{}'::date[]) FROM (
    SELECT w FROM (
      SELECT DISTINCT date_trunc('week', d)::date AS w
        FROM generate_series(window_start::timestamp, window_end::timestamp, interval '1 day') AS d
       WHERE per = 'week' OR extract(isodow FROM d) = 7
    ) weeks ORDER BY w DESC LIMIT run_weeks
  ) last_runs
$$;--> statement-breakpoint
-- Items know their request is cancelled, as they know it is finished (decision 0060): the two
-- functions of migration 0016 again, with request_cancelled.
CREATE OR REPLACE FUNCTION "request_items_archived_of_request"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(46, hashtext(NEW.request_id::text));
  SELECT status, event_title, ministry_id INTO r FROM requests WHERE id = NEW.request_id;
  NEW.request_archived := coalesce(r.status in ('archived_recurring', 'archived_onetime'), false);
  NEW.request_finished := coalesce(r.status in ('published', 'complete', 'cancelled'), false);
  NEW.request_cancelled := coalesce(r.status = 'cancelled', false);
  NEW.request_event_title := coalesce(r.event_title, '');
  NEW.request_ministry_id := r.ministry_id;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "request_items_archived_write" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "request_items_archived_write" BEFORE INSERT OR UPDATE OF "request_id", "request_archived", "request_finished",
  "request_cancelled", "request_event_title", "request_ministry_id" ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION request_items_archived_of_request();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "requests_archived_to_items"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  archived boolean := NEW.status in ('archived_recurring', 'archived_onetime');
  finished boolean := NEW.status in ('published', 'complete', 'cancelled');
  cancelled boolean := NEW.status = 'cancelled';
BEGIN
  PERFORM pg_advisory_xact_lock(46, hashtext(NEW.id::text));
  UPDATE request_items SET request_archived = archived, request_finished = finished, request_cancelled = cancelled,
         request_event_title = NEW.event_title, request_ministry_id = NEW.ministry_id
   WHERE request_id = NEW.id
     AND (request_archived IS DISTINCT FROM archived OR request_finished IS DISTINCT FROM finished
          OR request_cancelled IS DISTINCT FROM cancelled
          OR request_event_title IS DISTINCT FROM NEW.event_title OR request_ministry_id IS DISTINCT FROM NEW.ministry_id);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "requests_archived_items" ON "requests";--> statement-breakpoint
CREATE TRIGGER "requests_archived_items" AFTER UPDATE OF "status", "event_title", "ministry_id" ON "requests" FOR EACH ROW
  WHEN ((OLD.status in ('archived_recurring', 'archived_onetime')) IS DISTINCT FROM (NEW.status in ('archived_recurring', 'archived_onetime'))
     OR (OLD.status in ('published', 'complete', 'cancelled')) IS DISTINCT FROM (NEW.status in ('published', 'complete', 'cancelled'))
     OR (OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled')
     OR OLD.event_title IS DISTINCT FROM NEW.event_title OR OLD.ministry_id IS DISTINCT FROM NEW.ministry_id)
  EXECUTE FUNCTION requests_archived_to_items();--> statement-breakpoint
-- The items made before this migration: their request's cancelled state, and the weeks they book as
-- planned in their request's window (before the count triggers, so the count is filled once below).
UPDATE "request_items" i SET "request_cancelled" = (r.status = 'cancelled'),
  "booked_weeks" = planned_booked_weeks(r.promotion_start_date, coalesce(r.event_start_date, r.promotion_start_date), ch.capacity_per, ch.run_weeks)
  FROM "requests" r, "channels" ch
 WHERE r.id = i.request_id AND ch.code = i.channel AND r.promotion_start_date IS NOT NULL;--> statement-breakpoint
-- Each channel's bookings per week (bookingItemSql), kept as workload_counts is: one statement trigger
-- per kind of change, a statement's booked weeks counted by channel and week and added in one upsert
-- in key order; a truncation empties it. Two transactions booking the same week both add (the upsert
-- waits for the other's row), so nothing is lost or counted twice. capacity-sql.test.ts keeps it
-- equal to the count.
CREATE OR REPLACE FUNCTION "channel_week_counts_of_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM channel_week_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO channel_week_counts AS c (channel, week, booked)
      SELECT n.channel, w, count(*)::int FROM new_items n CROSS JOIN LATERAL unnest(n.booked_weeks) AS w
       WHERE (not n.request_archived and not n.request_cancelled and n.additional_request_status is distinct from 'rejected')
       GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (channel, week) DO UPDATE SET booked = c.booked + excluded.booked;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO channel_week_counts AS c (channel, week, booked)
      SELECT o.channel, w, -count(*)::int FROM old_items o CROSS JOIN LATERAL unnest(o.booked_weeks) AS w
       WHERE (not o.request_archived and not o.request_cancelled and o.additional_request_status is distinct from 'rejected')
       GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (channel, week) DO UPDATE SET booked = c.booked + excluded.booked;
  ELSE
    INSERT INTO channel_week_counts AS c (channel, week, booked)
      SELECT d.channel, d.week, sum(d.change)::int FROM (
        SELECT o.channel, w AS week, -1 AS change FROM old_items o CROSS JOIN LATERAL unnest(o.booked_weeks) AS w
         WHERE (not o.request_archived and not o.request_cancelled and o.additional_request_status is distinct from 'rejected')
        UNION ALL
        SELECT n.channel, w, 1 FROM new_items n CROSS JOIN LATERAL unnest(n.booked_weeks) AS w
         WHERE (not n.request_archived and not n.request_cancelled and n.additional_request_status is distinct from 'rejected')
      ) d
      GROUP BY 1, 2 HAVING sum(d.change) <> 0 ORDER BY 1, 2
      ON CONFLICT (channel, week) DO UPDATE SET booked = c.booked + excluded.booked;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "channel_week_counts_insert" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "channel_week_counts_insert" AFTER INSERT ON "request_items" REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION channel_week_counts_of_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS "channel_week_counts_update" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "channel_week_counts_update" AFTER UPDATE ON "request_items" REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION channel_week_counts_of_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS "channel_week_counts_delete" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "channel_week_counts_delete" AFTER DELETE ON "request_items" REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION channel_week_counts_of_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS "channel_week_counts_truncate" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "channel_week_counts_truncate" AFTER TRUNCATE ON "request_items"
  FOR EACH STATEMENT EXECUTE FUNCTION channel_week_counts_of_items();--> statement-breakpoint
-- The bookings before this migration, once.
DELETE FROM "channel_week_counts";--> statement-breakpoint
INSERT INTO "channel_week_counts" (channel, week, booked)
  SELECT i.channel, w, count(*)::int FROM request_items i CROSS JOIN LATERAL unnest(i.booked_weeks) AS w
   WHERE (not i.request_archived and not i.request_cancelled and i.additional_request_status is distinct from 'rejected')
   GROUP BY 1, 2;--> statement-breakpoint
-- The drill-down's index, built once the items have their weeks.
CREATE INDEX "request_items_booked_weeks_idx" ON "request_items" USING gin ("booked_weeks") WHERE (not request_archived and not request_cancelled and additional_request_status is distinct from 'rejected');
