CREATE TABLE "lead_returns" (
	"id" text PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decision_note" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lead_returns_one_open_idx" ON "lead_returns" USING btree ("lead_id") WHERE state in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "lead_returns_buyer_idx" ON "lead_returns" USING btree ("buyer_id","requested_at");--> statement-breakpoint
CREATE INDEX "lead_returns_queue_idx" ON "lead_returns" USING btree ("state","requested_at");