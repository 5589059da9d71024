CREATE INDEX "movies_public_updated_idx" ON "movies" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_created_idx" ON "movies" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_views_idx" ON "movies" USING btree ("views_total" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_views_week_idx" ON "movies" USING btree ("views_week" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_rating_idx" ON "movies" USING btree ("rating_average" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_year_idx" ON "movies" USING btree ("year" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_title_idx" ON "movies" USING btree ("search_text","id") WHERE "movies"."published";