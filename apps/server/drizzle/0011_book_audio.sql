CREATE TABLE "book_audio" (
	"book_summary_id" uuid NOT NULL,
	"language" "language" NOT NULL,
	"part" integer NOT NULL,
	"audio_url" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"bytes" integer NOT NULL,
	"provider" text NOT NULL,
	"voice" text NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_audio_book_summary_id_language_part_pk" PRIMARY KEY("book_summary_id","language","part"),
	CONSTRAINT "book_audio_part_positive" CHECK ("book_audio"."part" >= 1)
);
--> statement-breakpoint
CREATE TABLE "user_audios" (
	"user_id" uuid NOT NULL,
	"book_summary_id" uuid NOT NULL,
	"language" "language" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_audios_user_id_book_summary_id_language_pk" PRIMARY KEY("user_id","book_summary_id","language")
);
--> statement-breakpoint
ALTER TABLE "book_audio" ADD CONSTRAINT "book_audio_book_summary_id_book_summaries_id_fk" FOREIGN KEY ("book_summary_id") REFERENCES "public"."book_summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_audios" ADD CONSTRAINT "user_audios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_audios" ADD CONSTRAINT "user_audios_book_summary_id_book_summaries_id_fk" FOREIGN KEY ("book_summary_id") REFERENCES "public"."book_summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_audio_incomplete_idx" ON "book_audio" USING btree ("created_at") WHERE "book_audio"."complete" = false;