CREATE TABLE "listening_log" (
	"user_id" uuid NOT NULL,
	"summary_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listening_log_user_id_summary_id_day_pk" PRIMARY KEY("user_id","summary_id","day")
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"summary_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" smallint NOT NULL,
	"due" timestamp with time zone DEFAULT now() NOT NULL,
	"stability" real DEFAULT 0 NOT NULL,
	"difficulty" real DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_position_valid" CHECK ("review_cards"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "daily_goal" text DEFAULT 'summary' NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_progress" ADD COLUMN "today_day" date;--> statement-breakpoint
ALTER TABLE "reader_progress" ADD COLUMN "today_summaries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_progress" ADD COLUMN "today_listened_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_progress" ADD COLUMN "today_cards" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_progress" ADD COLUMN "reviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_progress" ADD COLUMN "review_streak_current" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_progress" ADD COLUMN "review_streak_longest" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_progress" ADD COLUMN "review_last_day" date;--> statement-breakpoint
ALTER TABLE "listening_log" ADD CONSTRAINT "listening_log_history_fk" FOREIGN KEY ("user_id","summary_id") REFERENCES "public"."user_summaries"("user_id","summary_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_history_fk" FOREIGN KEY ("user_id","summary_id") REFERENCES "public"."user_summaries"("user_id","summary_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_cards_item_unique" ON "review_cards" USING btree ("user_id","summary_id","kind","position");--> statement-breakpoint
CREATE INDEX "review_cards_due_idx" ON "review_cards" USING btree ("user_id","due");