DROP INDEX "today_rollup_span_bucket_idx";--> statement-breakpoint
ALTER TABLE "today_rollup" ADD COLUMN "returned_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "today_rollup" ADD COLUMN "payout_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_at_idx" ON "ledger_entries" USING btree ("at");--> statement-breakpoint
CREATE INDEX "today_rollup_span_bucket_idx" ON "today_rollup" USING btree ("span","bucket","started","status","reason","source","aff_id","sub_id","brand","n","sent","bids","posts_after_bid","revenue_cents","redirected","returned_cents","payout_cents");--> statement-breakpoint
-- The rollup's buckets hold no money yet: the next rebuild builds them all again (docs/decisions/0047-report-periods-and-profit.md).
DELETE FROM "rollup_coverage" WHERE "name" = 'today';
