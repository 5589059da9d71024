-- The search's statements are planned for their words (a generic plan cannot know how many titles hold them), and
-- pg_trgm estimates `<%` and `LIKE '%…%'` by trying the pattern on the column's most common values and histogram:
-- at the default hundred of each, that was 1.0–1.3 ms of every search's planning at 100,000 movies. Ten of each
-- plan the same statements in 0.3–0.5 ms; the plan is the trigram index's either way (decision 080).
ALTER TABLE "movies" ALTER COLUMN "search_text" SET STATISTICS 10;--> statement-breakpoint
ANALYZE "movies" ("search_text");
