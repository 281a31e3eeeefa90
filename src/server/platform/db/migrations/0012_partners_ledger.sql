CREATE TABLE "ledger_entries" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"lead_id" text NOT NULL,
	"buyer_id" text,
	"publisher_id" text,
	"amount_cents" bigint NOT NULL,
	"month" text NOT NULL,
	"digest" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"aff_id" text NOT NULL,
	"payout_kind" text NOT NULL,
	"payout_amount" integer NOT NULL,
	"hold_days" integer NOT NULL,
	"postback_url" text,
	"postback_secret_encrypted" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_lead_kind_idx" ON "ledger_entries" USING btree ("lead_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_publisher_idx" ON "ledger_entries" USING btree ("publisher_id","month");--> statement-breakpoint
CREATE INDEX "ledger_entries_buyer_idx" ON "ledger_entries" USING btree ("buyer_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "publishers_aff_id_idx" ON "publishers" USING btree ("aff_id");--> statement-breakpoint
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_rewrite" BEFORE UPDATE OR DELETE OR TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE FUNCTION "ledger_entries_chained"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous text;
BEGIN
  IF NEW.seq = 1 THEN
    previous := repeat('0', 64);
  ELSE
    SELECT hash INTO previous FROM ledger_entries WHERE seq = NEW.seq - 1;
    IF previous IS NULL THEN
      RAISE EXCEPTION 'ledger_entries: row % has no row before it', NEW.seq;
    END IF;
  END IF;
  IF NEW.prev_hash <> previous THEN
    RAISE EXCEPTION 'ledger_entries: row % does not chain to row %', NEW.seq, NEW.seq - 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_chain" BEFORE INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_chained"();
