CREATE TABLE "blockouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blockouts_range_check" CHECK (ends_on >= starts_on)
);
--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "response" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "response_reason" text;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD COLUMN "response" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD COLUMN "response_reason" text;--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blockouts" ADD CONSTRAINT "blockouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blockouts_user_idx" ON "blockouts" USING btree ("user_id","starts_on","id");--> statement-breakpoint
CREATE INDEX "blockouts_ends_idx" ON "blockouts" USING btree ("ends_on","starts_on");--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_response_check" CHECK (response in ('pending', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "sunday_plan_items" ADD CONSTRAINT "sunday_plan_items_response_check" CHECK (response in ('pending', 'accepted', 'declined'));--> statement-breakpoint
-- Work given before people could answer stands as accepted: nobody is asked again about it.
UPDATE "request_items" SET "response" = 'accepted' WHERE "assignee_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sunday_plan_items" SET "response" = 'accepted' WHERE "assigned_to_id" IS NOT NULL;--> statement-breakpoint
-- What a new assignment starts as: pending, or accepted when the church assigns without asking
-- (the assignWithoutAsking setting of app_settings, Admin Settings) or when it goes to the external
-- Church Media Squad, who never signs in to answer.
CREATE OR REPLACE FUNCTION "assignment_response_at_start"(assignee uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN coalesce((SELECT value = 'true'::jsonb FROM app_settings WHERE key = 'assignWithoutAsking'), false)
      OR coalesce((SELECT is_external FROM users WHERE id = assignee), false)
    THEN 'accepted' ELSE 'pending' END
$$;--> statement-breakpoint
-- A change of assignee starts the answer over, whoever writes the row; a write that sets the answer
-- itself (a restore, a row inserted already answered) keeps it.
CREATE OR REPLACE FUNCTION "request_items_response_on_assign"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.assignee_id IS NOT DISTINCT FROM OLD.assignee_id OR NEW.response IS DISTINCT FROM OLD.response) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' AND NEW.response <> 'pending' THEN
    RETURN NEW;
  END IF;
  NEW.response := CASE WHEN NEW.assignee_id IS NULL THEN 'pending' ELSE assignment_response_at_start(NEW.assignee_id) END;
  NEW.response_reason := NULL;
  NEW.responded_at := CASE WHEN NEW.response = 'accepted' THEN now() END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "request_items_response_on_assign" BEFORE INSERT OR UPDATE OF "assignee_id" ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION request_items_response_on_assign();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sunday_plan_items_response_on_assign"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.assigned_to_id IS NOT DISTINCT FROM OLD.assigned_to_id OR NEW.response IS DISTINCT FROM OLD.response) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' AND NEW.response <> 'pending' THEN
    RETURN NEW;
  END IF;
  NEW.response := CASE WHEN NEW.assigned_to_id IS NULL THEN 'pending' ELSE assignment_response_at_start(NEW.assigned_to_id) END;
  NEW.response_reason := NULL;
  NEW.responded_at := CASE WHEN NEW.response = 'accepted' THEN now() END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "sunday_plan_items_response_on_assign" BEFORE INSERT OR UPDATE OF "assigned_to_id" ON "sunday_plan_items"
  FOR EACH ROW EXECUTE FUNCTION sunday_plan_items_response_on_assign();
