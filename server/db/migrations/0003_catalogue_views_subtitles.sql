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
ALTER TABLE "episode_views" ADD CONSTRAINT "episode_views_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_subtitles" ADD CONSTRAINT "episode_subtitles_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_views_hour_idx" ON "episode_views" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "episode_subtitles_episode_idx" ON "episode_subtitles" USING btree ("episode_id","sort_order");