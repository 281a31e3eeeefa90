CREATE TABLE "publisher_consent_texts" (
	"hash" text PRIMARY KEY NOT NULL,
	"publisher_id" text NOT NULL,
	"version" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_idempotency_keys" (
	"publisher_id" text NOT NULL,
	"key" text NOT NULL,
	"body_hash" text NOT NULL,
	"lead_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publisher_idempotency_keys_publisher_id_key_pk" PRIMARY KEY("publisher_id","key")
);
--> statement-breakpoint
ALTER TABLE "publisher_consent_texts" ADD CONSTRAINT "publisher_consent_texts_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_consent_texts_version_idx" ON "publisher_consent_texts" USING btree ("publisher_id","version");--> statement-breakpoint
CREATE INDEX "publisher_idempotency_keys_created_idx" ON "publisher_idempotency_keys" USING btree ("created_at");