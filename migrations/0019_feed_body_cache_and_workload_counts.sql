CREATE TABLE IF NOT EXISTS "workload_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"owed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN IF NOT EXISTS "body_gzip" "bytea";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN IF NOT EXISTS "body_built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN IF NOT EXISTS "body_role" text;--> statement-breakpoint
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
  SELECT assignee_id, count(*)::int FROM request_items WHERE assignee_id IS NOT NULL AND (not request_archived and not request_finished and (not is_additional_request or additional_request_status is null or additional_request_status = 'approved') and status not in ('approved', 'published', 'complete')) GROUP BY assignee_id;
