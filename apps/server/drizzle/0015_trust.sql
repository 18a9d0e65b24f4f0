CREATE TABLE "email_confirmation_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "nickname_skeleton" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_reservations" ADD COLUMN "item" text;--> statement-breakpoint
ALTER TABLE "usage_reservations" ADD COLUMN "holders" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD CONSTRAINT "email_confirmation_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmation_tokens_user_idx" ON "email_confirmation_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profiles_nickname_skeleton_idx" ON "profiles" USING btree ("nickname_skeleton");--> statement-breakpoint
CREATE INDEX "usage_reservations_item_idx" ON "usage_reservations" USING btree ("user_id","kind","item");
--> statement-breakpoint
-- Accounts linked to Google were proven by its verified claim (links are made only with one).
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "id" IN (SELECT "user_id" FROM "user_identities");
