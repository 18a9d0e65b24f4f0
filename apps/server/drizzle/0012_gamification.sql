CREATE TABLE "rank_counts" (
	"scope" text NOT NULL,
	"xp" integer NOT NULL,
	"shard" smallint NOT NULL,
	"readers" integer NOT NULL,
	CONSTRAINT "rank_counts_scope_xp_shard_pk" PRIMARY KEY("scope","xp","shard")
);
--> statement-breakpoint
CREATE TABLE "reader_achievements" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"announced_at" timestamp with time zone,
	CONSTRAINT "reader_achievements_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "reader_facts" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_facts_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value")
);
--> statement-breakpoint
CREATE TABLE "reader_progress" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"language" "language" NOT NULL,
	"week_start" date NOT NULL,
	"week_xp" integer DEFAULT 0 NOT NULL,
	"books_read" integer DEFAULT 0 NOT NULL,
	"summaries_generated" integer DEFAULT 0 NOT NULL,
	"audios" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"feedbacks" integer DEFAULT 0 NOT NULL,
	"streak_current" integer DEFAULT 0 NOT NULL,
	"streak_longest" integer DEFAULT 0 NOT NULL,
	"streak_last_day" date,
	"streak_freezes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_progress_xp_positive" CHECK ("reader_progress"."xp" >= 0 and "reader_progress"."week_xp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "xp_awards" (
	"user_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"subject" text NOT NULL,
	"xp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_awards_user_id_event_type_subject_pk" PRIMARY KEY("user_id","event_type","subject")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_preset" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "reader_achievements" ADD CONSTRAINT "reader_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_facts" ADD CONSTRAINT "reader_facts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_progress" ADD CONSTRAINT "reader_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_awards" ADD CONSTRAINT "xp_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reader_progress_xp_idx" ON "reader_progress" USING btree ("xp" DESC NULLS LAST,"user_id") WHERE "reader_progress"."xp" > 0;--> statement-breakpoint
CREATE INDEX "reader_progress_language_xp_idx" ON "reader_progress" USING btree ("language","xp" DESC NULLS LAST,"user_id") WHERE "reader_progress"."xp" > 0;--> statement-breakpoint
CREATE INDEX "reader_progress_week_xp_idx" ON "reader_progress" USING btree ("week_start","week_xp" DESC NULLS LAST,"user_id") WHERE "reader_progress"."week_xp" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_nickname_lower_unique" ON "profiles" USING btree (lower("nickname"));--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "avatar_url";