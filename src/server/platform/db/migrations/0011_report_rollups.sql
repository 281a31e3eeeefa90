CREATE TABLE "funnel_rollup" (
	"bucket" timestamp with time zone NOT NULL,
	"span" integer NOT NULL,
	"path" text NOT NULL,
	"device" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"idx" integer NOT NULL,
	"bin" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_coverage" (
	"name" text PRIMARY KEY NOT NULL,
	"covered_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "today_rollup" (
	"bucket" timestamp with time zone NOT NULL,
	"span" integer NOT NULL,
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
CREATE INDEX "funnel_rollup_span_bucket_idx" ON "funnel_rollup" USING btree ("span","bucket");--> statement-breakpoint
CREATE INDEX "today_rollup_span_bucket_idx" ON "today_rollup" USING btree ("span","bucket");--> statement-breakpoint
CREATE INDEX "step_events_created_idx" ON "step_events" USING btree ("created_at");