CREATE UNLOGGED TABLE "viewer_presence" (
	"viewer" text PRIMARY KEY NOT NULL,
	"episode_id" bigint NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "viewer_presence_seen_idx" ON "viewer_presence" USING btree ("seen_at");