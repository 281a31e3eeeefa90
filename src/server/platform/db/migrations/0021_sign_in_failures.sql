-- Custom SQL: UNLOGGED, written by hand (drizzle-kit has no such option). The sign-in throttle's failure counts need
-- no write-ahead log; a database crash that empties them forgives the failures counted so far
-- (docs/decisions/0029-sign-in-throttle.md).
CREATE UNLOGGED TABLE "sign_in_failures" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_at_idx" ON "sign_in_failures" USING btree ("last_at");
