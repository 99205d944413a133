CREATE TABLE "request_item_bookings" (
	"channel" text NOT NULL,
	"week" date NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "request_item_bookings_channel_week_item_id_pk" PRIMARY KEY("channel","week","item_id")
);
--> statement-breakpoint
DROP INDEX "request_items_booked_weeks_idx";--> statement-breakpoint
-- Each booking of a channel's week as a row (decision 0073), kept by statement triggers beside
-- channel_week_counts: an insert adds its items' bookings, a delete removes them, an update removes
-- the bookings it ended and adds the ones it began (the rest untouched); a truncation empties it.
-- Only items that book (bookingItemSql). capacity-sql.test.ts keeps it equal to the bookings.
CREATE OR REPLACE FUNCTION "request_item_bookings_of_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM request_item_bookings;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO request_item_bookings (channel, week, item_id)
      SELECT n.channel, w, n.id FROM new_items n CROSS JOIN LATERAL unnest(n.booked_weeks) AS w
       WHERE (not n.request_archived and not n.request_cancelled and n.additional_request_status is distinct from 'rejected')
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM request_item_bookings b USING old_items o
     WHERE b.channel = o.channel AND b.week = ANY (o.booked_weeks) AND b.item_id = o.id;
  ELSE
    DELETE FROM request_item_bookings b USING (
      SELECT o.channel, w AS week, o.id FROM old_items o CROSS JOIN LATERAL unnest(o.booked_weeks) AS w
       WHERE (not o.request_archived and not o.request_cancelled and o.additional_request_status is distinct from 'rejected')
      EXCEPT
      SELECT n.channel, w, n.id FROM new_items n CROSS JOIN LATERAL unnest(n.booked_weeks) AS w
       WHERE (not n.request_archived and not n.request_cancelled and n.additional_request_status is distinct from 'rejected')
    ) AS ended
     WHERE b.channel = ended.channel AND b.week = ended.week AND b.item_id = ended.id;
    INSERT INTO request_item_bookings (channel, week, item_id)
      SELECT n.channel, w, n.id FROM new_items n CROSS JOIN LATERAL unnest(n.booked_weeks) AS w
       WHERE (not n.request_archived and not n.request_cancelled and n.additional_request_status is distinct from 'rejected')
      EXCEPT
      SELECT o.channel, w, o.id FROM old_items o CROSS JOIN LATERAL unnest(o.booked_weeks) AS w
       WHERE (not o.request_archived and not o.request_cancelled and o.additional_request_status is distinct from 'rejected')
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "request_item_bookings_insert" AFTER INSERT ON "request_items" REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION request_item_bookings_of_items();--> statement-breakpoint
CREATE TRIGGER "request_item_bookings_update" AFTER UPDATE ON "request_items" REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION request_item_bookings_of_items();--> statement-breakpoint
CREATE TRIGGER "request_item_bookings_delete" AFTER DELETE ON "request_items" REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION request_item_bookings_of_items();--> statement-breakpoint
CREATE TRIGGER "request_item_bookings_truncate" AFTER TRUNCATE ON "request_items"
  FOR EACH STATEMENT EXECUTE FUNCTION request_item_bookings_of_items();--> statement-breakpoint
INSERT INTO "request_item_bookings" (channel, week, item_id)
  SELECT i.channel, w, i.id FROM request_items i CROSS JOIN LATERAL unnest(i.booked_weeks) AS w
   WHERE (not i.request_archived and not i.request_cancelled and i.additional_request_status is distinct from 'rejected')
  ON CONFLICT DO NOTHING;
