-- Summaries' generation claims become the shared lease table of every single-flight work
-- (summaries, audio); claims held during the upgrade keep going as scope 'summary'.
ALTER TABLE "summary_generations" RENAME TO "work_leases";--> statement-breakpoint
ALTER TABLE "work_leases" RENAME COLUMN "norm_key" TO "key";--> statement-breakpoint
ALTER TABLE "work_leases" ADD COLUMN "scope" text DEFAULT 'summary' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_leases" ALTER COLUMN "scope" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "work_leases" DROP CONSTRAINT "summary_generations_pkey";--> statement-breakpoint
ALTER TABLE "work_leases" ADD CONSTRAINT "work_leases_scope_key_pk" PRIMARY KEY("scope","key");
