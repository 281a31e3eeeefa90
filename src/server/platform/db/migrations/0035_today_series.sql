CREATE TABLE "today_series_rollup" (
	"bucket" timestamp with time zone NOT NULL,
	"span" integer NOT NULL,
	"started" boolean NOT NULL,
	"status" text,
	"n" integer NOT NULL,
	"sent" integer NOT NULL,
	"bids" integer NOT NULL,
	"posts_after_bid" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"redirected" integer NOT NULL,
	"returned_cents" bigint DEFAULT 0 NOT NULL,
	"payout_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "today_series_rollup_span_bucket_idx" ON "today_series_rollup" USING btree ("span","bucket","started","status","n","sent","bids","posts_after_bid","revenue_cents","redirected","returned_cents","payout_cents");--> statement-breakpoint
-- The series and the wider blocks are new: the next rebuild of the Today rollup starts from the first bucket.
DELETE FROM "rollup_coverage" WHERE "name" = 'today';
