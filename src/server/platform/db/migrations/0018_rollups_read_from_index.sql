DROP INDEX "funnel_rollup_span_bucket_idx";--> statement-breakpoint
DROP INDEX "today_rollup_span_bucket_idx";--> statement-breakpoint
CREATE INDEX "funnel_rollup_span_bucket_idx" ON "funnel_rollup" USING btree ("span","bucket","path","device","source","kind","idx","bin","n");--> statement-breakpoint
CREATE INDEX "today_rollup_span_bucket_idx" ON "today_rollup" USING btree ("span","bucket","started","status","reason","source","aff_id","sub_id","brand","n","sent","bids","posts_after_bid","revenue_cents","redirected");