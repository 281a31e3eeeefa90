DROP INDEX "buyer_calls_created_idx";--> statement-breakpoint
CREATE INDEX "auctions_test_idx" ON "auctions" USING btree ("lead_id") WHERE test_mode;--> statement-breakpoint
CREATE INDEX "leads_test_idx" ON "leads" USING btree ("id") WHERE test_mode;--> statement-breakpoint
CREATE INDEX "buyer_calls_created_idx" ON "buyer_calls" USING btree ("created_at","buyer_id","kind","state","price_cents","latency_ms","lead_id");