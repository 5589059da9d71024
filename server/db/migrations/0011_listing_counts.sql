ALTER TABLE "movie_terms" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "movie_terms" SET "published" = true FROM "movies"
  WHERE "movies"."id" = "movie_terms"."movie_id" AND "movies"."published";--> statement-breakpoint
-- A row takes its movie's flag, whatever a statement says. FOR SHARE: a movie published by another transaction at
-- the same moment waits for this one (or this one for it), so its trigger below sees the new row, or the new row
-- sees the movie published.
CREATE FUNCTION "movie_terms_take_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."published" := coalesce((SELECT "published" FROM "movies" WHERE "id" = NEW."movie_id" FOR SHARE), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "movie_terms_take_published" BEFORE INSERT OR UPDATE OF "movie_id", "published" ON "movie_terms"
  FOR EACH ROW EXECUTE FUNCTION "movie_terms_take_published"();--> statement-breakpoint
-- A movie published or unpublished (the trash unpublishes) passes it to its genres and countries.
CREATE FUNCTION "movies_pass_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "movie_terms" SET "published" = NEW."published" WHERE "movie_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "movies_pass_published" AFTER UPDATE OF "published" ON "movies"
  FOR EACH ROW WHEN (OLD."published" IS DISTINCT FROM NEW."published")
  EXECUTE FUNCTION "movies_pass_published"();--> statement-breakpoint
CREATE INDEX "movie_terms_published_idx" ON "movie_terms" USING btree ("term_id","movie_id") WHERE "movie_terms"."published";--> statement-breakpoint
CREATE INDEX "movies_public_type_idx" ON "movies" USING btree ("type_id") WHERE "movies"."published";
