CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"language" "language" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "summary_feedback" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "summary_feedback" ADD COLUMN "testimonial_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "summary_feedback" ADD COLUMN "testimonial_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "summary_feedback" ADD CONSTRAINT "summary_feedback_testimonial_approved_by_users_id_fk" FOREIGN KEY ("testimonial_approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "summary_feedback_id_unique" ON "summary_feedback" USING btree ("id");--> statement-breakpoint
CREATE INDEX "summary_feedback_testimonial_idx" ON "summary_feedback" USING btree ("testimonial_approved_at" DESC NULLS LAST) WHERE "summary_feedback"."testimonial_approved_at" is not null;