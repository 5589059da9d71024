CREATE TABLE "episode_views" (
	"episode_id" bigint NOT NULL,
	"viewer" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "episode_views_episode_id_viewer_hour_pk" PRIMARY KEY("episode_id","viewer","hour")
);
--> statement-breakpoint
CREATE TABLE "episode_subtitles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "episode_subtitles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"episode_id" bigint NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	"path" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"original_filename" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"duration" double precision,
	"width" integer,
	"height" integer,
	"codecs" jsonb,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storage_prefix" text,
	"poster_path" text,
	"storyboard_path" text,
	"upload_id" text,
	"job_id" text,
	"heartbeat_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_status_check" CHECK ("videos"."status" in ('uploading', 'queued', 'processing', 'ready', 'failed')),
	CONSTRAINT "videos_progress_check" CHECK ("videos"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "episode_views" ADD CONSTRAINT "episode_views_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_subtitles" ADD CONSTRAINT "episode_subtitles_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_views_hour_idx" ON "episode_views" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "episode_subtitles_episode_idx" ON "episode_subtitles" USING btree ("episode_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_upload_id_idx" ON "videos" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "videos_deleted_created_idx" ON "videos" USING btree ("deleted_at","created_at");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "videos_search_trgm_idx" ON "videos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- No video existed before this migration: an id an episode may hold points at nothing.
UPDATE "episodes" SET "video_id" = NULL WHERE "video_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episodes_video_idx" ON "episodes" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "movies_public_updated_idx" ON "movies" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_created_idx" ON "movies" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_views_idx" ON "movies" USING btree ("views_total" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_views_week_idx" ON "movies" USING btree ("views_week" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_rating_idx" ON "movies" USING btree ("rating_average" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_year_idx" ON "movies" USING btree ("year" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "movies"."published";--> statement-breakpoint
CREATE INDEX "movies_public_title_idx" ON "movies" USING btree ("search_text","id") WHERE "movies"."published";