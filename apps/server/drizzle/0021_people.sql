CREATE TYPE "public"."person_field" AS ENUM('founder', 'executive', 'investor', 'scientist', 'scholar', 'writer', 'athlete', 'politician', 'broadcaster');--> statement-breakpoint
CREATE TYPE "public"."person_origin" AS ENUM('shipped', 'admin');--> statement-breakpoint
CREATE TYPE "public"."source_kind" AS ENUM('list', 'book-club', 'interview', 'letter', 'book', 'foreword', 'talk', 'post', 'article');--> statement-breakpoint
CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"field" "person_field" NOT NULL,
	"country" text NOT NULL,
	"bio_pt" text NOT NULL,
	"bio_en" text NOT NULL,
	"bio_es" text NOT NULL,
	"position" integer NOT NULL,
	"origin" "person_origin" DEFAULT 'shipped' NOT NULL,
	"edited_by" uuid,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_country_format" CHECK ("people"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "person_picks" (
	"person_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"source_kind" "source_kind" NOT NULL,
	"source_title" text NOT NULL,
	"source_date" text NOT NULL,
	"source_url" text,
	CONSTRAINT "person_picks_person_id_book_id_pk" PRIMARY KEY("person_id","book_id"),
	CONSTRAINT "person_picks_source_date_format" CHECK ("person_picks"."source_date" ~ '^\d{4}(-\d{2}(-\d{2})?)?$'),
	CONSTRAINT "person_picks_source_url_https" CHECK ("person_picks"."source_url" ~ '^https://')
);
--> statement-breakpoint
CREATE TABLE "reading_list" (
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_list_user_id_book_id_pk" PRIMARY KEY("user_id","book_id")
);
--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_picks" ADD CONSTRAINT "person_picks_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_picks" ADD CONSTRAINT "person_picks_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list" ADD CONSTRAINT "reading_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list" ADD CONSTRAINT "reading_list_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "people_slug_unique" ON "people" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "people_listed_idx" ON "people" USING btree ("position") WHERE "people"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "person_picks_book_idx" ON "person_picks" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "reading_list_user_saved_idx" ON "reading_list" USING btree ("user_id","saved_at" DESC NULLS LAST);