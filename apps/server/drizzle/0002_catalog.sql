CREATE TYPE "public"."book_category" AS ENUM('habits', 'sleep', 'psych', 'strategy', 'finance', 'comm', 'lead', 'creative', 'startup', 'life', 'marketing', 'career', 'education', 'bio', 'tech', 'crypto');--> statement-breakpoint
CREATE TYPE "public"."book_level" AS ENUM('basic', 'intermediate');--> statement-breakpoint
CREATE TYPE "public"."book_source" AS ENUM('catalog', 'import');--> statement-breakpoint
CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"original_language" text NOT NULL,
	"title_en" text,
	"title_pt" text,
	"title_es" text,
	"author" text NOT NULL,
	"year" integer,
	"isbn13" text,
	"category" "book_category" NOT NULL,
	"level" "book_level" DEFAULT 'basic' NOT NULL,
	"badges" text[] DEFAULT '{}'::text[] NOT NULL,
	"trending_score" smallint DEFAULT 0 NOT NULL,
	"cover_url" text,
	"source" "book_source" DEFAULT 'catalog' NOT NULL,
	"search_key" text GENERATED ALWAYS AS ('|' || summa_search_norm(title) || '|' || coalesce(summa_search_norm(title_en) || '|', '') || coalesce(summa_search_norm(title_pt) || '|', '') || coalesce(summa_search_norm(title_es) || '|', '') || summa_search_norm(author) || '|') STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_trending_score_range" CHECK ("books"."trending_score" between 0 and 100),
	CONSTRAINT "books_isbn13_format" CHECK ("books"."isbn13" ~ '^97[89][0-9]{10}$'),
	CONSTRAINT "books_has_an_edition" CHECK ("books"."title_en" is not null or "books"."title_pt" is not null or "books"."title_es" is not null),
	CONSTRAINT "books_badges_known" CHECK ("books"."badges" <@ array['editors', 'trending', 'starter']::text[])
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"book_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "books_slug_unique" ON "books" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "books_search_key_trgm" ON "books" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_category_idx" ON "books" USING btree ("category");--> statement-breakpoint
CREATE INDEX "books_trending_idx" ON "books" USING btree ("trending_score");