CREATE TYPE "public"."book_kind" AS ENUM('nonfiction', 'fiction');--> statement-breakpoint
CREATE TYPE "public"."feedback_vote" AS ENUM('up', 'down');--> statement-breakpoint
CREATE TABLE "book_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"norm_key" text NOT NULL,
	"book_id" uuid,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"language" "language" NOT NULL,
	"category" "book_category",
	"kind" "book_kind" NOT NULL,
	"content" jsonb NOT NULL,
	"related" jsonb NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_feedback" (
	"user_id" uuid NOT NULL,
	"summary_id" uuid NOT NULL,
	"vote" "feedback_vote" NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "summary_feedback_user_id_summary_id_pk" PRIMARY KEY("user_id","summary_id")
);
--> statement-breakpoint
CREATE TABLE "summary_generations" (
	"norm_key" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"failed_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"user_id" uuid NOT NULL,
	"month_key" text NOT NULL,
	"summaries_used" integer DEFAULT 0 NOT NULL,
	"audios_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_user_id_month_key_pk" PRIMARY KEY("user_id","month_key"),
	CONSTRAINT "usage_counters_non_negative" CHECK ("usage_counters"."summaries_used" >= 0 and "usage_counters"."audios_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_summaries" (
	"user_id" uuid NOT NULL,
	"summary_id" uuid NOT NULL,
	"generated_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_summaries_user_id_summary_id_pk" PRIMARY KEY("user_id","summary_id")
);
--> statement-breakpoint
ALTER TABLE "book_summaries" ADD CONSTRAINT "book_summaries_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_feedback" ADD CONSTRAINT "summary_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_feedback" ADD CONSTRAINT "summary_feedback_summary_id_book_summaries_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."book_summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_summaries" ADD CONSTRAINT "user_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_summaries" ADD CONSTRAINT "user_summaries_summary_id_book_summaries_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."book_summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_summaries_norm_key_unique" ON "book_summaries" USING btree ("norm_key");--> statement-breakpoint
CREATE INDEX "user_summaries_recent_idx" ON "user_summaries" USING btree ("user_id","last_seen_at" DESC NULLS LAST);