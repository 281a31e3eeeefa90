CREATE TABLE "publisher_clicks" (
	"publisher_id" text NOT NULL,
	"day" text NOT NULL,
	"sub1" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "publisher_clicks_publisher_id_day_sub1_pk" PRIMARY KEY("publisher_id","day","sub1")
);
--> statement-breakpoint
CREATE TABLE "publisher_postbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "publisher_postbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"publisher_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer_status" integer,
	"answer_body" text,
	"latency_ms" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "publisher_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_postbacks_once_idx" ON "publisher_postbacks" USING btree ("publisher_id","lead_id","event");--> statement-breakpoint
CREATE INDEX "publisher_postbacks_due_idx" ON "publisher_postbacks" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "publisher_postbacks_recent_idx" ON "publisher_postbacks" USING btree ("publisher_id","id");