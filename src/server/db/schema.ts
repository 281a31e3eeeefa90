import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// A lead's field columns are keyed and named by the field's server name in the registry
// (src/domain/fields/lead-fields.ts), so a row reads like the wire and the store needs no mapping table.
// Sensitive values (SSN, bank account, routing number, licence number, date of birth) live only in
// *_encrypted columns as AES-256-GCM envelopes "keyId.iv.ciphertext.tag" (docs/product/security-and-privacy.md);
// the *_last4 columns hold what a masked answer may show.
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const leads = pgTable(
  "leads",
  {
    id: text("id").primaryKey(),
    accessTokenHash: text("access_token_hash").notNull(),
    status: text("status").notNull().default("in_progress"),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),

    loan_amount: integer("loan_amount"),
    loan_reason: text("loan_reason"),
    email: text("email"),
    first_name: text("first_name"),
    middle_name: text("middle_name"),
    last_name: text("last_name"),
    home_phone: text("home_phone"),
    cell_phone: text("cell_phone"),
    contact_time: text("contact_time"),
    zip: text("zip"),
    city: text("city"),
    state: text("state"),
    address: text("address"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    time_at_residence: integer("time_at_residence"),
    own_home: text("own_home"),
    income_type: text("income_type"),
    active_military: text("active_military"),
    work_time_at_employer: integer("work_time_at_employer"),
    debt_amount: text("debt_amount"),
    income_payment_frequency: text("income_payment_frequency"),
    income_net_monthly: integer("income_net_monthly"),
    income_next_date_1: text("income_next_date_1"),
    income_next_date_2: text("income_next_date_2"),
    work_company_name: text("work_company_name"),
    job_title: text("job_title"),
    work_phone: text("work_phone"),
    bank_direct_deposit: text("bank_direct_deposit"),
    bank_name: text("bank_name"),
    bank_account_type: text("bank_account_type"),
    bank_account_length_month: integer("bank_account_length_month"),
    drivers_license_state: text("drivers_license_state"),
    own_car: text("own_car"),
    credit_score: text("credit_score"),
    user_ip: text("user_ip"),
    user_agent: text("user_agent"),
    utm_source: text("utm_source"),
    tracking_id: text("tracking_id"),
    test_mode: boolean("test_mode").notNull().default(false),
    // Set by the first request of this visitor that carried Global Privacy Control (Sec-GPC: 1); a
    // do-not-sell request for this lead (docs/product/security-and-privacy.md). Never cleared by a later request.
    doNotSellAt: timestamp("do_not_sell_at", { withTimezone: true }),

    ssn_encrypted: text("ssn_encrypted"),
    ssn_last4: text("ssn_last4"),
    bank_account_number_encrypted: text("bank_account_number_encrypted"),
    bank_account_number_last4: text("bank_account_number_last4"),
    bank_aba_encrypted: text("bank_aba_encrypted"),
    drivers_license_number_encrypted: text("drivers_license_number_encrypted"),
    dob_encrypted: text("dob_encrypted"),
  },
  (t) => [index("leads_email_idx").on(t.email), index("leads_created_at_idx").on(t.created_at)],
);

// Every step a visitor saves, in order: the history of a lead. `changes` holds server field names with
// sensitive values already masked, never in clear.
export const stepEvents = pgTable(
  "step_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    step: integer("step"),
    slug: text("slug"),
    changes: jsonb("changes")
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index("step_events_lead_idx").on(t.leadId, t.createdAt)],
);

// Consent evidence (docs/product/security-and-privacy.md): which text, by version and hash, was shown where and when.
export const consentRecords = pgTable(
  "consent_records",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    consentKind: text("consent_kind").notNull(),
    textVersion: text("text_version").notNull(),
    textHash: text("text_hash").notNull(),
    // What the page filled into the template's placeholders ({ brand, shortCode }); null on rows older
    // than the placeholders (their templates named the short code in full).
    placeholders: jsonb("placeholders").$type<Record<string, string>>(),
    button: text("button").notNull(),
    pageUrl: text("page_url").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("consent_records_lead_idx").on(t.leadId)],
);

// Unsubscribe and do-not-sell requests. `dedupeKey` makes the same request sent twice one request.
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    email: text("email"),
    phone: text("phone"),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("received"),
    ip: text("ip"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("privacy_requests_dedupe_idx").on(t.kind, t.dedupeKey),
    index("privacy_requests_email_idx").on(t.email),
  ],
);
