CREATE TABLE "auctions" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"buyer_id" text,
	"price_cents" integer,
	"redirect_url" text,
	"reject_url" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"attribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submission" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email_hash" text,
	"phone_hash" text,
	"ssn_hash" text,
	"deadline_at" timestamp with time zone NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"redirected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "buyer_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyer_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"request" jsonb,
	"response" text,
	"http_status" integer,
	"latency_ms" integer,
	"price_cents" integer,
	"reason" text,
	"external_id" text,
	"redirect_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" text PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" text,
	"level" text NOT NULL,
	"event" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_calls" ADD CONSTRAINT "buyer_calls_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auctions_email_hash_idx" ON "auctions" USING btree ("email_hash","created_at");--> statement-breakpoint
CREATE INDEX "auctions_phone_hash_idx" ON "auctions" USING btree ("phone_hash","created_at");--> statement-breakpoint
CREATE INDEX "auctions_ssn_hash_idx" ON "auctions" USING btree ("ssn_hash","created_at");--> statement-breakpoint
CREATE INDEX "auctions_pending_idx" ON "auctions" USING btree ("status","lease_until");--> statement-breakpoint
CREATE INDEX "buyer_calls_lead_idx" ON "buyer_calls" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "buyer_calls_buyer_idx" ON "buyer_calls" USING btree ("buyer_id","kind","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_calls_one_post_in_flight" ON "buyer_calls" USING btree ("lead_id") WHERE kind = 'post' and state = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_calls_one_sale" ON "buyer_calls" USING btree ("lead_id") WHERE kind = 'post' and state = 'accepted';--> statement-breakpoint
CREATE INDEX "client_logs_created_idx" ON "client_logs" USING btree ("created_at");