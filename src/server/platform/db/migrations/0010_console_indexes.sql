DROP INDEX "buyer_calls_lead_idx";--> statement-breakpoint
DROP INDEX "consent_records_lead_idx";--> statement-breakpoint
CREATE INDEX "auctions_created_idx" ON "auctions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "buyer_calls_created_idx" ON "buyer_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "step_events_apply_mark_idx" ON "step_events" USING btree ("lead_id") WHERE step = 18;--> statement-breakpoint
CREATE INDEX "buyer_calls_lead_idx" ON "buyer_calls" USING btree ("lead_id","kind","state","buyer_id");--> statement-breakpoint
CREATE INDEX "consent_records_lead_idx" ON "consent_records" USING btree ("lead_id","id");