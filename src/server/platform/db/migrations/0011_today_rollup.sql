CREATE TABLE "rollup_coverage" (
	"name" text PRIMARY KEY NOT NULL,
	"covered_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "today_rollup" (
	"bucket" timestamp with time zone NOT NULL,
	"started" boolean NOT NULL,
	"status" text,
	"reason" text,
	"source" text NOT NULL,
	"aff_id" text NOT NULL,
	"sub_id" text NOT NULL,
	"brand" text NOT NULL,
	"n" integer NOT NULL,
	"sent" integer NOT NULL,
	"bids" integer NOT NULL,
	"posts_after_bid" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"redirected" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "today_rollup_bucket_idx" ON "today_rollup" USING btree ("bucket");