ALTER TABLE "movies" ADD COLUMN "term_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
UPDATE "movies" SET "term_ids" = "t"."ids" FROM (
  SELECT "movie_id", array_agg("term_id" ORDER BY "term_id") AS "ids" FROM "movie_terms" GROUP BY "movie_id"
) "t" WHERE "t"."movie_id" = "movies"."id";--> statement-breakpoint
-- A movie's genres and nations as an array, kept from `movie_terms` (whose rows the app adds and deletes, never
-- moves): once per statement, for every movie it touched. Each array is changed from the row's latest version
-- (`m.term_ids` in SET, as `SET n = n + 1`), never rebuilt from what the statement saw: two transactions giving one
-- movie a term each both count, whichever waits for the other's row. A movie whose array already says so is left
-- alone: a restore, which writes the movies with their arrays and then their terms, rewrites none.
CREATE FUNCTION "movie_terms_add_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "movies" "m" SET "term_ids" = ARRAY(
    SELECT DISTINCT "x" FROM unnest("m"."term_ids" || "n"."ids") "x" ORDER BY "x"
  )
  FROM (SELECT "movie_id", array_agg("term_id") AS "ids" FROM "added" GROUP BY "movie_id") "n"
  WHERE "m"."id" = "n"."movie_id" AND NOT "m"."term_ids" @> "n"."ids";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "movie_terms_remove_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "movies" "m" SET "term_ids" = ARRAY(
    SELECT "x" FROM unnest("m"."term_ids") "x" WHERE "x" <> ALL ("o"."ids") ORDER BY "x"
  )
  FROM (SELECT "movie_id", array_agg("term_id") AS "ids" FROM "removed" GROUP BY "movie_id") "o"
  WHERE "m"."id" = "o"."movie_id" AND "m"."term_ids" && "o"."ids";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "movie_terms_add_ids" AFTER INSERT ON "movie_terms" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "movie_terms_add_ids"();--> statement-breakpoint
CREATE TRIGGER "movie_terms_remove_ids" AFTER DELETE ON "movie_terms" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "movie_terms_remove_ids"();--> statement-breakpoint
CREATE INDEX "movies_public_terms_idx" ON "movies" USING gin ("term_ids") WITH (fastupdate=off) WHERE "movies"."published";
