CREATE TABLE "episode_views" (
	"episode_id" bigint NOT NULL,
	"viewer" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "episode_views_episode_id_viewer_hour_pk" PRIMARY KEY("episode_id","viewer","hour")
);
--> statement-breakpoint
ALTER TABLE "episode_views" ADD CONSTRAINT "episode_views_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_views_hour_idx" ON "episode_views" USING btree ("hour");