CREATE TYPE "public"."summary_source" AS ENUM('model', 'editorial', 'editor');--> statement-breakpoint
ALTER TABLE "book_summaries" ADD COLUMN "source" "summary_source" DEFAULT 'model' NOT NULL;