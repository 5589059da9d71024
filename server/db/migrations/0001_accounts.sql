CREATE TABLE "sign_ins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_name" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'vi' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_user_id_idx" ON "sign_ins" USING btree ("user_id","created_at");--> statement-breakpoint
-- Diacritics-insensitive search (users now, the catalogue next). Shipped with every PostgreSQL 15+ and embedded-postgres.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Store for rate-limiter-flexible (RateLimiterPostgres with tableCreated: true).
CREATE TABLE IF NOT EXISTS "rate_limiter_flexible" (
	"key" varchar(255) PRIMARY KEY,
	"points" integer NOT NULL DEFAULT 0,
	"expire" bigint
);
