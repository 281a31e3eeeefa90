CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"to_address" text,
	"subject" text NOT NULL,
	"body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sensitive_reads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sensitive_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	"purpose" text NOT NULL,
	"recipient" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppression_tombstones" (
	"hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "request_type" text;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "sensitive_reads_lead_idx" ON "sensitive_reads" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_phone_idx" ON "privacy_requests" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "privacy_requests_open_idx" ON "privacy_requests" USING btree ("due_at") WHERE status <> 'completed';--> statement-breakpoint
-- Requests stored before the workflow: opt-outs were always carried out at once; the others are open, due
-- 45 days after they came in.
UPDATE "privacy_requests" SET "request_type" = CASE WHEN "kind" = 'unsubscribe' THEN 'UNSUBSCRIBE' ELSE coalesce("payload"->>'stateResidencyPrompt', 'DO_NOT_SELL') END WHERE "request_type" IS NULL;--> statement-breakpoint
UPDATE "privacy_requests" SET "due_at" = "created_at" + interval '45 days' WHERE "due_at" IS NULL;--> statement-breakpoint
UPDATE "privacy_requests" SET "status" = 'completed', "completed_at" = coalesce("completed_at", "created_at") WHERE "request_type" IN ('UNSUBSCRIBE', 'DO_NOT_SELL', 'LIMIT_SENSITIVE') AND "status" <> 'completed';--> statement-breakpoint
UPDATE "privacy_requests" SET "status" = 'open' WHERE "status" = 'received';
