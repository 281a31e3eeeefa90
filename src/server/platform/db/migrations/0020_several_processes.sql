-- Custom SQL: UNLOGGED, written by hand (drizzle-kit has no such option). Rate-limit counts need no
-- write-ahead log; a database crash that empties them forgives one window (docs/decisions/0037-several-processes.md).
CREATE UNLOGGED TABLE "rate_limit_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counts_window_ends_idx" ON "rate_limit_counts" USING btree ("window_ends_at");--> statement-breakpoint
-- Custom SQL: every decision of an auction, whoever makes it, tells the listening server processes at commit
-- (LISTEN auction_decided, src/server/distribution/auction/decision-listener.ts). The payload is the lead id
-- alone, never personal data. The WHEN clause keeps lease renewals and other updates from calling it.
CREATE FUNCTION "auction_decided_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auction_decided', NEW.lead_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "auction_decided_notify" AFTER INSERT OR UPDATE OF "status" ON "auctions" FOR EACH ROW WHEN (NEW.status <> 'pending') EXECUTE FUNCTION "auction_decided_notify"();
