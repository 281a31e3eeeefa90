CREATE TABLE "ledger_heads_handed_out" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_heads_handed_out_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"handed_at" timestamp with time zone NOT NULL,
	"publisher_id" text NOT NULL,
	"channel" text NOT NULL,
	"handed_for" text NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"issued_at" text NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "head" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_heads_handed_out_once_idx" ON "ledger_heads_handed_out" USING btree ("publisher_id","handed_for");--> statement-breakpoint
CREATE INDEX "ledger_heads_handed_out_publisher_idx" ON "ledger_heads_handed_out" USING btree ("publisher_id","id");--> statement-breakpoint
-- Custom SQL (partners, heads handed out): what was handed to a publisher stays as it was handed
-- (docs/decisions/0042-signed-heads-handed-out.md).
CREATE FUNCTION "ledger_heads_handed_out_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_heads_handed_out is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_heads_handed_out_no_rewrite" BEFORE UPDATE OR DELETE OR TRUNCATE ON "ledger_heads_handed_out" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_heads_handed_out_append_only"();
