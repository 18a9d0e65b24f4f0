CREATE TYPE "public"."book_edit_origin" AS ENUM('catalog', 'admin');--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "edit_origin" "book_edit_origin" DEFAULT 'catalog' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;