CREATE TABLE "consent_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" text,
	"consent_kind" text NOT NULL,
	"text_version" text NOT NULL,
	"text_hash" text NOT NULL,
	"button" text NOT NULL,
	"page_url" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" text PRIMARY KEY NOT NULL,
	"access_token_hash" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"loan_amount" integer,
	"loan_reason" text,
	"email" text,
	"first_name" text,
	"middle_name" text,
	"last_name" text,
	"home_phone" text,
	"cell_phone" text,
	"contact_time" text,
	"zip" text,
	"city" text,
	"state" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"time_at_residence" integer,
	"own_home" text,
	"income_type" text,
	"active_military" text,
	"work_time_at_employer" integer,
	"debt_amount" text,
	"income_payment_frequency" text,
	"income_net_monthly" integer,
	"income_next_date_1" text,
	"income_next_date_2" text,
	"work_company_name" text,
	"job_title" text,
	"work_phone" text,
	"bank_direct_deposit" text,
	"bank_name" text,
	"bank_account_type" text,
	"bank_account_length_month" integer,
	"drivers_license_state" text,
	"own_car" text,
	"credit_score" text,
	"user_ip" text,
	"user_agent" text,
	"utm_source" text,
	"tracking_id" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"ssn_encrypted" text,
	"ssn_last4" text,
	"bank_account_number_encrypted" text,
	"bank_account_number_last4" text,
	"bank_aba_encrypted" text,
	"drivers_license_number_encrypted" text,
	"dob_encrypted" text
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"email" text,
	"phone" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "step_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "step_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" text NOT NULL,
	"step" integer,
	"slug" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_events" ADD CONSTRAINT "step_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_lead_idx" ON "consent_records" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree ("email");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_dedupe_idx" ON "privacy_requests" USING btree ("kind","dedupe_key");--> statement-breakpoint
CREATE INDEX "privacy_requests_email_idx" ON "privacy_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "step_events_lead_idx" ON "step_events" USING btree ("lead_id","created_at");