ALTER TABLE "auctions" ADD COLUMN "min_price_cents" integer;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "posted_by" text;--> statement-breakpoint
UPDATE "auctions" SET "posted_by" = "submission"->>'posted_by' WHERE "submission" ? 'posted_by';--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "posted_min_payout_cents" integer;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "posted_min_margin_cents" integer;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "posted_cap_hourly" integer;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "posted_cap_daily" integer;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "posted_cap_monthly" integer;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
CREATE INDEX "auctions_posted_by_idx" ON "auctions" USING btree ("posted_by","created_at") WHERE posted_by is not null;