CREATE TABLE "payout_holds" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"publisher_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settle_cursor" (
	"name" text PRIMARY KEY NOT NULL,
	"mark" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settled_events" (
	"lead_id" text NOT NULL,
	"event" text NOT NULL,
	"publisher_id" text,
	"payout_cents" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "settled_events_lead_id_event_pk" PRIMARY KEY("lead_id","event")
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"partner_kind" text NOT NULL,
	"partner_id" text NOT NULL,
	"month" text NOT NULL,
	"totals" jsonb NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statements_partner_kind_partner_id_month_pk" PRIMARY KEY("partner_kind","partner_id","month")
);
--> statement-breakpoint
CREATE INDEX "payout_holds_due_idx" ON "payout_holds" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "statements_month_idx" ON "statements" USING btree ("month");--> statement-breakpoint
CREATE INDEX "auctions_decided_idx" ON "auctions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_month_idx" ON "ledger_entries" USING btree ("month","kind");--> statement-breakpoint
-- Custom SQL (partners, statements): a closed statement never changes (docs/product/partners.md#statements).
CREATE FUNCTION "statements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'statements is append-only: a closed statement never changes';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "statements_no_rewrite" BEFORE UPDATE OR DELETE OR TRUNCATE ON "statements" FOR EACH STATEMENT EXECUTE FUNCTION "statements_append_only"();
