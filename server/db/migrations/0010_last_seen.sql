ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "keep_last_seen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "last_seen_at" = greatest("last_seen_at", coalesce(OLD."last_active_at", OLD."created_at"))
  WHERE "id" = OLD."user_id";
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_keep_last_seen" BEFORE DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "keep_last_seen"();
