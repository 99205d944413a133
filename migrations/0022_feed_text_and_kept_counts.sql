CREATE TABLE "calendar_day_counts" (
	"due_date" date NOT NULL,
	"ministry_key" uuid NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calendar_day_counts_due_date_ministry_key_pk" PRIMARY KEY("due_date","ministry_key")
);
--> statement-breakpoint
CREATE TABLE "workload_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"owed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "body_gzip" "bytea";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "body_built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "body_role" text;--> statement-breakpoint
-- Each person's owed work (accountableWorkSql, the predicate of request_items_accountable_assignee_idx),
-- kept by one statement trigger per kind of change (a truncation empties it): a statement's changed rows are counted by
-- person and added in one upsert, in person order (two statements never lock two people's rows in
-- opposite orders). Hand-written; src/server/platform/db/workload-counts.test.ts keeps it equal to the count.
CREATE OR REPLACE FUNCTION "workload_counts_of_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- No item is left: nobody owes anything.
    DELETE FROM workload_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO workload_counts AS w (user_id, owed)
      SELECT n.assignee_id, count(*)::int FROM new_items n
      WHERE n.assignee_id IS NOT NULL AND (not n.request_archived and not n.request_finished and (not n.is_additional_request or n.additional_request_status is null or n.additional_request_status = 'approved') and n.status not in ('approved', 'published', 'complete'))
      GROUP BY n.assignee_id ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET owed = w.owed + excluded.owed;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO workload_counts AS w (user_id, owed)
      SELECT o.assignee_id, -count(*)::int FROM old_items o
      WHERE o.assignee_id IS NOT NULL AND (not o.request_archived and not o.request_finished and (not o.is_additional_request or o.additional_request_status is null or o.additional_request_status = 'approved') and o.status not in ('approved', 'published', 'complete'))
      GROUP BY o.assignee_id ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET owed = w.owed + excluded.owed;
  ELSE
    INSERT INTO workload_counts AS w (user_id, owed)
      SELECT d.user_id, sum(d.change)::int FROM (
        SELECT o.assignee_id AS user_id, -1 AS change FROM old_items o WHERE o.assignee_id IS NOT NULL AND (not o.request_archived and not o.request_finished and (not o.is_additional_request or o.additional_request_status is null or o.additional_request_status = 'approved') and o.status not in ('approved', 'published', 'complete'))
        UNION ALL
        SELECT n.assignee_id, 1 FROM new_items n WHERE n.assignee_id IS NOT NULL AND (not n.request_archived and not n.request_finished and (not n.is_additional_request or n.additional_request_status is null or n.additional_request_status = 'approved') and n.status not in ('approved', 'published', 'complete'))
      ) d
      GROUP BY d.user_id HAVING sum(d.change) <> 0 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET owed = w.owed + excluded.owed;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "workload_counts_insert" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "workload_counts_insert" AFTER INSERT ON "request_items" REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION workload_counts_of_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS "workload_counts_update" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "workload_counts_update" AFTER UPDATE ON "request_items" REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION workload_counts_of_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS "workload_counts_delete" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "workload_counts_delete" AFTER DELETE ON "request_items" REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION workload_counts_of_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS "workload_counts_truncate" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "workload_counts_truncate" AFTER TRUNCATE ON "request_items"
  FOR EACH STATEMENT EXECUTE FUNCTION workload_counts_of_items();--> statement-breakpoint
-- The work owed before this migration, once.
DELETE FROM "workload_counts";--> statement-breakpoint
INSERT INTO "workload_counts" (user_id, owed)
  SELECT assignee_id, count(*)::int FROM request_items WHERE assignee_id IS NOT NULL AND (not request_archived and not request_finished and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved') and status not in ('approved', 'published', 'complete')) GROUP BY assignee_id;--> statement-breakpoint
-- The task calendar's tasks (calendarItemSql, the predicate of request_items_calendar_idx) counted per
-- due date and ministry, kept as workload_counts is: one statement trigger per kind of change, a
-- statement's rows counted by key and added in one upsert in key order; a truncation empties it.
-- Hand-written; src/server/platform/db/workload-counts.test.ts keeps it equal to the count.
CREATE OR REPLACE FUNCTION "calendar_day_counts_of_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM calendar_day_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO calendar_day_counts AS c (due_date, ministry_key, tasks)
      SELECT d.due_date, d.ministry_key, sum(d.change)::int FROM (
        SELECT n.due_date, coalesce(n.request_ministry_id, '00000000-0000-0000-0000-000000000000'::uuid) AS ministry_key, 1 AS change FROM new_items n
          WHERE n.due_date IS NOT NULL AND (not n.request_archived and (not n.is_additional_request or n.additional_request_status is null or n.additional_request_status = 'approved'))
      ) d
      GROUP BY d.due_date, d.ministry_key HAVING sum(d.change) <> 0 ORDER BY 1, 2
      ON CONFLICT (due_date, ministry_key) DO UPDATE SET tasks = c.tasks + excluded.tasks;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO calendar_day_counts AS c (due_date, ministry_key, tasks)
      SELECT d.due_date, d.ministry_key, sum(d.change)::int FROM (
        SELECT o.due_date, coalesce(o.request_ministry_id, '00000000-0000-0000-0000-000000000000'::uuid) AS ministry_key, -1 AS change FROM old_items o
          WHERE o.due_date IS NOT NULL AND (not o.request_archived and (not o.is_additional_request or o.additional_request_status is null or o.additional_request_status = 'approved'))
      ) d
      GROUP BY d.due_date, d.ministry_key HAVING sum(d.change) <> 0 ORDER BY 1, 2
      ON CONFLICT (due_date, ministry_key) DO UPDATE SET tasks = c.tasks + excluded.tasks;
  ELSE
    INSERT INTO calendar_day_counts AS c (due_date, ministry_key, tasks)
      SELECT d.due_date, d.ministry_key, sum(d.change)::int FROM (
        SELECT o.due_date, coalesce(o.request_ministry_id, '00000000-0000-0000-0000-000000000000'::uuid) AS ministry_key, -1 AS change FROM old_items o
          WHERE o.due_date IS NOT NULL AND (not o.request_archived and (not o.is_additional_request or o.additional_request_status is null or o.additional_request_status = 'approved'))
        UNION ALL
        SELECT n.due_date, coalesce(n.request_ministry_id, '00000000-0000-0000-0000-000000000000'::uuid) AS ministry_key, 1 AS change FROM new_items n
          WHERE n.due_date IS NOT NULL AND (not n.request_archived and (not n.is_additional_request or n.additional_request_status is null or n.additional_request_status = 'approved'))
      ) d
      GROUP BY d.due_date, d.ministry_key HAVING sum(d.change) <> 0 ORDER BY 1, 2
      ON CONFLICT (due_date, ministry_key) DO UPDATE SET tasks = c.tasks + excluded.tasks;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "calendar_day_counts_insert" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "calendar_day_counts_insert" AFTER INSERT ON "request_items" REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION calendar_day_counts_of_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS "calendar_day_counts_update" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "calendar_day_counts_update" AFTER UPDATE ON "request_items" REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION calendar_day_counts_of_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS "calendar_day_counts_delete" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "calendar_day_counts_delete" AFTER DELETE ON "request_items" REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION calendar_day_counts_of_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS "calendar_day_counts_truncate" ON "request_items";--> statement-breakpoint
CREATE TRIGGER "calendar_day_counts_truncate" AFTER TRUNCATE ON "request_items"
  FOR EACH STATEMENT EXECUTE FUNCTION calendar_day_counts_of_items();--> statement-breakpoint
-- The tasks before this migration, once.
DELETE FROM "calendar_day_counts";--> statement-breakpoint
INSERT INTO "calendar_day_counts" (due_date, ministry_key, tasks)
  SELECT due_date, coalesce(request_ministry_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)::int FROM request_items
  WHERE due_date IS NOT NULL AND (not request_archived and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved')) GROUP BY 1, 2;
