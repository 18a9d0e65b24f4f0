CREATE TABLE "orphaned_files" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
-- A session's last use before it was recorded: its newest refresh token (each refresh issues one).
UPDATE "auth_sessions" SET "last_seen_at" = coalesce((SELECT max("created_at") FROM "refresh_tokens" WHERE "refresh_tokens"."session_id" = "auth_sessions"."id"), "auth_sessions"."created_at");
