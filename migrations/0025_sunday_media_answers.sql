ALTER TABLE "sermon_details" ADD COLUMN "pastor_response" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD COLUMN "pastor_response_reason" text;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD COLUMN "pastor_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD COLUMN "owner_response" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD COLUMN "owner_response_reason" text;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD COLUMN "owner_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_media_posts" ADD COLUMN "response" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_media_posts" ADD COLUMN "response_reason" text;--> statement-breakpoint
ALTER TABLE "social_media_posts" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sunday_video_items" ADD COLUMN "response" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "sunday_video_items" ADD COLUMN "response_reason" text;--> statement-breakpoint
ALTER TABLE "sunday_video_items" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sermon_details" ADD CONSTRAINT "sermon_details_pastor_response_check" CHECK (pastor_response in ('pending', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "sermon_details" ADD CONSTRAINT "sermon_details_owner_response_check" CHECK (owner_response in ('pending', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "social_media_posts" ADD CONSTRAINT "social_media_posts_response_check" CHECK (response in ('pending', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "sunday_video_items" ADD CONSTRAINT "sunday_video_items_response_check" CHECK (response in ('pending', 'accepted', 'declined'));--> statement-breakpoint
-- Work given before its people could answer stands as accepted: nobody is asked again about it.
UPDATE "sunday_video_items" SET "response" = 'accepted' WHERE "owner_id" IS NOT NULL;--> statement-breakpoint
UPDATE "social_media_posts" SET "response" = 'accepted' WHERE "owner_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sermon_details" SET "pastor_response" = 'accepted' WHERE "teaching_pastor_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sermon_details" SET "owner_response" = 'accepted' WHERE "owner_id" IS NOT NULL;--> statement-breakpoint
-- One trigger function for every answered assignment, told its columns by the trigger's arguments
-- (assignee, answer, reason, answered at): a change of assignee starts the answer over, whoever
-- writes the row; a write that sets the answer itself (a restore, a row inserted already answered)
-- keeps it. It replaces the two per-table functions of the people_on_sundays migration.
CREATE OR REPLACE FUNCTION "assignment_response_on_assign"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  assignee_col text := TG_ARGV[0];
  response_col text := TG_ARGV[1];
  n jsonb := to_jsonb(NEW);
  o jsonb;
  answer text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    o := to_jsonb(OLD);
    IF (n -> assignee_col) IS NOT DISTINCT FROM (o -> assignee_col) OR (n -> response_col) IS DISTINCT FROM (o -> response_col) THEN
      RETURN NEW;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' AND n ->> response_col <> 'pending' THEN
    RETURN NEW;
  END IF;
  answer := CASE WHEN n ->> assignee_col IS NULL THEN 'pending' ELSE assignment_response_at_start((n ->> assignee_col)::uuid) END;
  NEW := jsonb_populate_record(NEW, jsonb_build_object(
    response_col, answer,
    TG_ARGV[2], NULL,
    TG_ARGV[3], CASE WHEN answer = 'accepted' THEN now() END));
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "request_items_response_on_assign" ON "request_items";--> statement-breakpoint
DROP FUNCTION "request_items_response_on_assign"();--> statement-breakpoint
DROP TRIGGER "sunday_plan_items_response_on_assign" ON "sunday_plan_items";--> statement-breakpoint
DROP FUNCTION "sunday_plan_items_response_on_assign"();--> statement-breakpoint
CREATE TRIGGER "request_items_response_on_assign" BEFORE INSERT OR UPDATE OF "assignee_id" ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION assignment_response_on_assign('assignee_id', 'response', 'response_reason', 'responded_at');--> statement-breakpoint
CREATE TRIGGER "sunday_plan_items_response_on_assign" BEFORE INSERT OR UPDATE OF "assigned_to_id" ON "sunday_plan_items"
  FOR EACH ROW EXECUTE FUNCTION assignment_response_on_assign('assigned_to_id', 'response', 'response_reason', 'responded_at');--> statement-breakpoint
CREATE TRIGGER "sunday_video_items_response_on_assign" BEFORE INSERT OR UPDATE OF "owner_id" ON "sunday_video_items"
  FOR EACH ROW EXECUTE FUNCTION assignment_response_on_assign('owner_id', 'response', 'response_reason', 'responded_at');--> statement-breakpoint
CREATE TRIGGER "social_media_posts_response_on_assign" BEFORE INSERT OR UPDATE OF "owner_id" ON "social_media_posts"
  FOR EACH ROW EXECUTE FUNCTION assignment_response_on_assign('owner_id', 'response', 'response_reason', 'responded_at');--> statement-breakpoint
CREATE TRIGGER "sermon_details_pastor_response_on_assign" BEFORE INSERT OR UPDATE OF "teaching_pastor_id" ON "sermon_details"
  FOR EACH ROW EXECUTE FUNCTION assignment_response_on_assign('teaching_pastor_id', 'pastor_response', 'pastor_response_reason', 'pastor_responded_at');--> statement-breakpoint
CREATE TRIGGER "sermon_details_owner_response_on_assign" BEFORE INSERT OR UPDATE OF "owner_id" ON "sermon_details"
  FOR EACH ROW EXECUTE FUNCTION assignment_response_on_assign('owner_id', 'owner_response', 'owner_response_reason', 'owner_responded_at');
