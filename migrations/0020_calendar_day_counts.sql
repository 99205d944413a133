CREATE TABLE "calendar_day_counts" (
	"due_date" date NOT NULL,
	"ministry_key" uuid NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calendar_day_counts_due_date_ministry_key_pk" PRIMARY KEY("due_date","ministry_key")
);
--> statement-breakpoint
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
