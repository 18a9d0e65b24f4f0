CREATE TYPE "public"."cover_status" AS ENUM('pending', 'fetched', 'missing', 'failed');--> statement-breakpoint
CREATE TABLE "book_covers" (
	"book_id" uuid PRIMARY KEY NOT NULL,
	"isbn13" text NOT NULL,
	"status" "cover_status" DEFAULT 'pending' NOT NULL,
	"cover_key" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_covers" ADD CONSTRAINT "book_covers_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_covers_next_attempt_idx" ON "book_covers" USING btree ("next_attempt_at");--> statement-breakpoint
-- Covers are served from the app itself now (ADR 26): the Open Library URLs the import wrote go, and
-- each book shows the placeholder until its cover is fetched and stored.
UPDATE "books" SET "cover_url" = NULL WHERE "cover_url" LIKE 'https://covers.openlibrary.org/%';
