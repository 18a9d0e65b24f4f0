ALTER TABLE "rate_limit_counters" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "rate_limit_counters" DROP COLUMN "hits";