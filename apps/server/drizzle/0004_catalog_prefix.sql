DROP INDEX "books_search_key_trgm";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_key" text GENERATED ALWAYS AS (summa_search_norm(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_en_key" text GENERATED ALWAYS AS (summa_search_norm(title_en)) STORED;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_pt_key" text GENERATED ALWAYS AS (summa_search_norm(title_pt)) STORED;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_es_key" text GENERATED ALWAYS AS (summa_search_norm(title_es)) STORED;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "author_key" text GENERATED ALWAYS AS (summa_search_norm(author)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "books_title_key_prefix" ON "books" USING btree ("title_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_title_en_key_prefix" ON "books" USING btree ("title_en_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_title_pt_key_prefix" ON "books" USING btree ("title_pt_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_title_es_key_prefix" ON "books" USING btree ("title_es_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_author_key_prefix" ON "books" USING btree ("author_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_search_key_trgm" ON "books" USING gin ("search_key" gin_trgm_ops) WITH (fastupdate=false);