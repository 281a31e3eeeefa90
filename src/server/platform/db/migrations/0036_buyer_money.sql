CREATE TABLE "buyer_accounts" (
	"buyer_id" text PRIMARY KEY NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"charged_cents" bigint DEFAULT 0 NOT NULL,
	"held_cents" bigint DEFAULT 0 NOT NULL,
	"low_room_alerted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_change_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"base_version" integer,
	"config" jsonb NOT NULL,
	"note" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"decided_by" text,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text NOT NULL,
	"paid_on" text NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"operator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_post_failures" (
	"buyer_id" text PRIMARY KEY NOT NULL,
	"in_a_row" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"number" integer PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"period" text NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"totals" jsonb NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_calls" ADD COLUMN "held_cents" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "buyer_id" text;--> statement-breakpoint
CREATE INDEX "buyer_change_requests_buyer_idx" ON "buyer_change_requests" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_payments_external_idx" ON "buyer_payments" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "buyer_payments_buyer_idx" ON "buyer_payments" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_buyer_period_idx" ON "invoices" USING btree ("buyer_id","period_start");--> statement-breakpoint
CREATE FUNCTION "invoices_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices is append-only: a closed invoice never changes';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_no_rewrite" BEFORE UPDATE OR DELETE OR TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoices_append_only"();
--> statement-breakpoint
CREATE FUNCTION "buyer_calls_settle_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A post to a billed buyer leaves 'sending' (or its row goes): its hold is released, and a sale's price charged, in
  -- the statement that settles it, whichever code path settles it (docs/product/buyer-money.md#room).
  IF TG_OP = 'DELETE' THEN
    UPDATE "buyer_accounts" SET "held_cents" = "held_cents" - OLD."held_cents", "updated_at" = now()
      WHERE "buyer_id" = OLD."buyer_id";
    RETURN OLD;
  END IF;
  UPDATE "buyer_accounts" SET "held_cents" = "held_cents" - OLD."held_cents",
      "charged_cents" = "charged_cents" + CASE WHEN NEW."state" = 'accepted' THEN coalesce(NEW."price_cents", 0) ELSE 0 END,
      "updated_at" = now()
    WHERE "buyer_id" = OLD."buyer_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "buyer_calls_settle_hold_update" AFTER UPDATE OF "state" ON "buyer_calls" FOR EACH ROW
  WHEN (OLD."state" = 'sending' AND NEW."state" <> 'sending' AND OLD."held_cents" IS NOT NULL)
  EXECUTE FUNCTION "buyer_calls_settle_hold"();--> statement-breakpoint
CREATE TRIGGER "buyer_calls_settle_hold_delete" AFTER DELETE ON "buyer_calls" FOR EACH ROW
  WHEN (OLD."state" = 'sending' AND OLD."held_cents" IS NOT NULL)
  EXECUTE FUNCTION "buyer_calls_settle_hold"();
