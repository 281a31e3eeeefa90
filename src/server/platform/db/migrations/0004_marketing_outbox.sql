CREATE TABLE "marketing_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" text NOT NULL,
	"list_key" text NOT NULL,
	"list_ids" jsonb NOT NULL,
	"update_enabled" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "marketing_outbox" ADD CONSTRAINT "marketing_outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_outbox_once_idx" ON "marketing_outbox" USING btree ("lead_id","list_key");--> statement-breakpoint
CREATE INDEX "marketing_outbox_due_idx" ON "marketing_outbox" USING btree ("status","next_attempt_at");