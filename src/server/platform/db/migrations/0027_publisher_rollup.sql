CREATE TABLE "publisher_rollup" (
	"bucket" timestamp with time zone NOT NULL,
	"span" integer NOT NULL,
	"publisher_id" text NOT NULL,
	"applications" integer NOT NULL,
	"sold" integer NOT NULL,
	"payout_cents" bigint NOT NULL,
	"returns" integer NOT NULL,
	"revenue_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "publisher_rollup_span_bucket_idx" ON "publisher_rollup" USING btree ("span","bucket","publisher_id","applications","sold","payout_cents","returns","revenue_cents");