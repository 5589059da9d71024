-- Trigram search on titles (typo-tolerant, partial words). Ships with PostgreSQL 15+ and embedded-postgres.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "episodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"movie_id" bigint NOT NULL,
	"server_id" bigint NOT NULL,
	"name" text NOT NULL,
	"ep" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"source_type" text NOT NULL,
	"source_url" text,
	"video_id" bigint,
	"runtime" integer,
	"intro_start" integer,
	"intro_end" integer,
	"outro_start" integer,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episodes_source_check" CHECK ("episodes"."source_type" in ('video', 'hls', 'embed'))
);
--> statement-breakpoint
CREATE TABLE "home_sections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "home_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movie_servers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "movie_servers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"movie_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movie_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"movie_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movie_terms" (
	"movie_id" bigint NOT NULL,
	"term_id" bigint NOT NULL,
	CONSTRAINT "movie_terms_movie_id_term_id_pk" PRIMARY KEY("movie_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "movies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "movies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"original_title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"poster" text,
	"backdrop" text,
	"trailer_url" text,
	"type_id" bigint,
	"status" text DEFAULT 'completed' NOT NULL,
	"quality" text DEFAULT 'HD' NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"year" integer,
	"episode_runtime" integer,
	"current_episode" text DEFAULT '' NOT NULL,
	"total_episodes" integer,
	"actors" text[] DEFAULT '{}'::text[] NOT NULL,
	"directors" text[] DEFAULT '{}'::text[] NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"views_total" bigint DEFAULT 0 NOT NULL,
	"views_day" bigint DEFAULT 0 NOT NULL,
	"views_week" bigint DEFAULT 0 NOT NULL,
	"views_month" bigint DEFAULT 0 NOT NULL,
	"rating_average" numeric(3, 1) DEFAULT '0' NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movies_slug_unique" UNIQUE("slug"),
	CONSTRAINT "movies_status_check" CHECK ("movies"."status" in ('trailer', 'ongoing', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_kind_check" CHECK ("terms"."kind" in ('genre', 'type', 'nation'))
);
--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_server_id_movie_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."movie_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_servers" ADD CONSTRAINT "movie_servers_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_slug_redirects" ADD CONSTRAINT "movie_slug_redirects_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_terms" ADD CONSTRAINT "movie_terms_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_terms" ADD CONSTRAINT "movie_terms_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_type_id_terms_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_server_ep_idx" ON "episodes" USING btree ("server_id","ep");--> statement-breakpoint
CREATE INDEX "episodes_movie_idx" ON "episodes" USING btree ("movie_id","sort_order");--> statement-breakpoint
CREATE INDEX "episodes_created_idx" ON "episodes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "movie_servers_movie_idx" ON "movie_servers" USING btree ("movie_id","sort_order");--> statement-breakpoint
CREATE INDEX "movie_terms_term_idx" ON "movie_terms" USING btree ("term_id","movie_id");--> statement-breakpoint
CREATE INDEX "movies_published_updated_idx" ON "movies" USING btree ("published","updated_at");--> statement-breakpoint
CREATE INDEX "movies_type_idx" ON "movies" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "movies_year_idx" ON "movies" USING btree ("year");--> statement-breakpoint
CREATE INDEX "movies_search_trgm_idx" ON "movies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "terms_kind_slug_idx" ON "terms" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "terms_kind_order_idx" ON "terms" USING btree ("kind","sort_order");