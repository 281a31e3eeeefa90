CREATE TABLE "partner_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_kind" text NOT NULL,
	"partner_id" text NOT NULL,
	"label" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_hash_idx" ON "partner_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "partner_api_keys_partner_idx" ON "partner_api_keys" USING btree ("partner_kind","partner_id");