CREATE TABLE "buyer_latency_rollup" (
	"bucket" timestamp with time zone NOT NULL,
	"span" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"bin" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_rollup" (
	"bucket" timestamp with time zone NOT NULL,
	"span" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"calls" integer NOT NULL,
	"pings" integer NOT NULL,
	"bids" integer NOT NULL,
	"posts" integer NOT NULL,
	"accepts" integer NOT NULL,
	"rejects" integer NOT NULL,
	"errors" integer NOT NULL,
	"timeouts" integer NOT NULL,
	"failures" integer NOT NULL,
	"settled" integer NOT NULL,
	"bid_sum" bigint NOT NULL,
	"sales" bigint NOT NULL,
	"sold" integer NOT NULL,
	"sold_cents" bigint NOT NULL,
	"returns" integer NOT NULL,
	"returned_cents" bigint NOT NULL,
	"money_rows" integer NOT NULL,
	"money_returned_cents" bigint NOT NULL,
	"payout_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "buyer_latency_rollup_span_bucket_idx" ON "buyer_latency_rollup" USING btree ("span","bucket","buyer_id","bin","n");--> statement-breakpoint
CREATE INDEX "buyer_rollup_span_bucket_idx" ON "buyer_rollup" USING btree ("span","bucket");