CREATE TABLE "lead_quality" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"checks" jsonb NOT NULL,
	"refused_reason" text,
	"ms" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_calls" (
	"day" text NOT NULL,
	"adapter" text NOT NULL,
	"outcome" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "screening_calls_day_adapter_outcome_pk" PRIMARY KEY("day","adapter","outcome")
);
--> statement-breakpoint
CREATE TABLE "screening_list_entries" (
	"list_id" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "screening_list_entries_hash_list_id_pk" PRIMARY KEY("hash","list_id")
);
--> statement-breakpoint
CREATE TABLE "screening_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "screening_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "ip_hash" text;--> statement-breakpoint
ALTER TABLE "lead_quality" ADD CONSTRAINT "lead_quality_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_list_entries" ADD CONSTRAINT "screening_list_entries_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_quality_refused_idx" ON "lead_quality" USING btree ("checked_at","refused_reason");--> statement-breakpoint
CREATE INDEX "screening_list_entries_list_idx" ON "screening_list_entries" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "auctions_device_hash_idx" ON "auctions" USING btree ("device_hash","created_at") WHERE device_hash is not null;--> statement-breakpoint
CREATE INDEX "auctions_ip_hash_idx" ON "auctions" USING btree ("ip_hash","created_at") WHERE ip_hash is not null;