CREATE TABLE "watch_history" (
	"user_id" text NOT NULL,
	"episode_id" bigint NOT NULL,
	"movie_id" bigint NOT NULL,
	"position_seconds" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_history_user_id_episode_id_pk" PRIMARY KEY("user_id","episode_id"),
	CONSTRAINT "watch_history_position_check" CHECK ("watch_history"."position_seconds" >= 0),
	CONSTRAINT "watch_history_duration_check" CHECK ("watch_history"."duration_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_history_user_updated_idx" ON "watch_history" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "watch_history_user_movie_idx" ON "watch_history" USING btree ("user_id","movie_id");