CREATE TABLE "funnel_rollup" (
	"bucket" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"device" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"idx" integer NOT NULL,
	"bin" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "funnel_rollup_bucket_idx" ON "funnel_rollup" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "step_events_created_idx" ON "step_events" USING btree ("created_at");