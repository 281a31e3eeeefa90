ALTER TABLE "publisher_consent_texts" DROP CONSTRAINT "publisher_consent_texts_pkey";--> statement-breakpoint
ALTER TABLE "publisher_consent_texts" ADD CONSTRAINT "publisher_consent_texts_publisher_id_hash_pk" PRIMARY KEY("publisher_id","hash");--> statement-breakpoint
CREATE INDEX "publisher_consent_texts_hash_idx" ON "publisher_consent_texts" USING btree ("hash");
