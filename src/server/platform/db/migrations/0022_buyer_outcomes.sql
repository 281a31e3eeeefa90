CREATE TABLE "auction_buyer_outcomes" (
	"lead_id" text NOT NULL,
	"run" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"offered_cents" integer,
	"paid_cents" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "auction_buyer_outcomes_lead_id_buyer_id_pk" PRIMARY KEY("lead_id","buyer_id")
);
--> statement-breakpoint
ALTER TABLE "auction_buyer_outcomes" ADD CONSTRAINT "auction_buyer_outcomes_lead_id_auctions_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."auctions"("lead_id") ON DELETE cascade ON UPDATE no action;