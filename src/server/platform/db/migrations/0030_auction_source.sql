ALTER TABLE "auctions" ADD COLUMN "source" text;--> statement-breakpoint
UPDATE "auctions" a SET "source" = coalesce(a."attribution"->>'utm_source', l."utm_source") FROM "leads" l WHERE l."id" = a."lead_id";--> statement-breakpoint
CREATE FUNCTION "auctions_source_of"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.source := coalesce(NEW.attribution->>'utm_source', (SELECT l.utm_source FROM leads l WHERE l.id = NEW.lead_id));
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "auctions_source" BEFORE INSERT OR UPDATE OF "attribution" ON "auctions" FOR EACH ROW EXECUTE FUNCTION "auctions_source_of"();--> statement-breakpoint
CREATE INDEX "auctions_status_source_idx" ON "auctions" USING btree ("status","source");--> statement-breakpoint
CREATE INDEX "auctions_buyer_created_idx" ON "auctions" USING btree ("buyer_id","created_at");
