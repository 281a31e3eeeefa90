CREATE TABLE "publisher_pings" (
	"id" text PRIMARY KEY NOT NULL,
	"publisher_id" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"fields" jsonb NOT NULL,
	"preset" jsonb NOT NULL,
	"calls" jsonb NOT NULL,
	"payout_cents" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"lead_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "preset" jsonb;--> statement-breakpoint
ALTER TABLE "publisher_pings" ADD CONSTRAINT "publisher_pings_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_pings" ADD CONSTRAINT "publisher_pings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_pings_lead_idx" ON "publisher_pings" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "publisher_pings_publisher_idx" ON "publisher_pings" USING btree ("publisher_id","created_at");--> statement-breakpoint
CREATE INDEX "publisher_pings_created_idx" ON "publisher_pings" USING btree ("created_at");