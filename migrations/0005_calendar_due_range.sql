ALTER TABLE "requests" ADD COLUMN "items_due_from" date;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "items_due_to" date;--> statement-breakpoint
CREATE INDEX "requests_requester_due_idx" ON "requests" USING btree ("requester_id","items_due_to","items_due_from","id") WHERE status not in ('archived_recurring', 'archived_onetime');--> statement-breakpoint
-- Decision 0041: the database keeps each request's items_due_from/items_due_to, whoever writes its items.
CREATE FUNCTION "refresh_items_due_range"("request_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE requests r SET items_due_from = s.due_from, items_due_to = s.due_to
  FROM (SELECT c.id,
          (SELECT min(i.due_date) FROM request_items i WHERE i.request_id = c.id) AS due_from,
          (SELECT max(i.due_date) FROM request_items i WHERE i.request_id = c.id) AS due_to
        FROM (SELECT DISTINCT unnest(request_ids) AS id) c) s
  WHERE r.id = s.id AND (r.items_due_from IS DISTINCT FROM s.due_from OR r.items_due_to IS DISTINCT FROM s.due_to)
$$;--> statement-breakpoint
CREATE FUNCTION "request_items_due_range_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_items_due_range(ARRAY(SELECT request_id FROM inserted_items));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "request_items_due_range_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM refresh_items_due_range(ARRAY[OLD.request_id]);
  ELSE
    PERFORM refresh_items_due_range(ARRAY[OLD.request_id, NEW.request_id]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Items are inserted in batches (a submission's channels at once): one statement-level call per insert.
CREATE TRIGGER "request_items_due_range_insert" AFTER INSERT ON "request_items"
  REFERENCING NEW TABLE AS inserted_items FOR EACH STATEMENT EXECUTE FUNCTION request_items_due_range_inserted();--> statement-breakpoint
-- A status change or an assignment does not call the function at all: only a new due date or request does.
CREATE TRIGGER "request_items_due_range_update" AFTER UPDATE OF "due_date", "request_id" ON "request_items"
  FOR EACH ROW WHEN (OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.request_id IS DISTINCT FROM NEW.request_id)
  EXECUTE FUNCTION request_items_due_range_changed();--> statement-breakpoint
CREATE TRIGGER "request_items_due_range_delete" AFTER DELETE ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION request_items_due_range_changed();--> statement-breakpoint
UPDATE "requests" r SET "items_due_from" = s.due_from, "items_due_to" = s.due_to
  FROM (SELECT request_id, min(due_date) AS due_from, max(due_date) AS due_to FROM request_items GROUP BY request_id) s
  WHERE r.id = s.request_id;
