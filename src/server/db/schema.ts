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

// Column names are the server field names of spec section 3 (Contact), so a row reads like the wire.
// Sensitive values (SSN, bank account, routing number, licence number, date of birth) live only in
// *_encrypted columns as AES-256-GCM envelopes "keyId.iv.ciphertext.tag" (decisions.md section 3);
// the *_last4 columns hold what a masked answer may show.
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const leads = pgTable(
  "leads",
  {
    id: text("id").primaryKey(),
    accessTokenHash: text("access_token_hash").notNull(),
    status: text("status").notNull().default("in_progress"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),

    loanAmount: integer("loan_amount"),
    loanReason: text("loan_reason"),
    email: text("email"),
    firstName: text("first_name"),
    middleName: text("middle_name"),
    lastName: text("last_name"),
    homePhone: text("home_phone"),
    cellPhone: text("cell_phone"),
    contactTime: text("contact_time"),
    zip: text("zip"),
    city: text("city"),
    state: text("state"),
    address: text("address"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    timeAtResidence: integer("time_at_residence"),
    ownHome: text("own_home"),
    incomeType: text("income_type"),
    activeMilitary: text("active_military"),
    workTimeAtEmployer: integer("work_time_at_employer"),
    debtAmount: text("debt_amount"),
    incomePaymentFrequency: text("income_payment_frequency"),
    incomeNetMonthly: integer("income_net_monthly"),
    incomeNextDate1: text("income_next_date_1"),
    incomeNextDate2: text("income_next_date_2"),
    workCompanyName: text("work_company_name"),
    jobTitle: text("job_title"),
    workPhone: text("work_phone"),
    bankDirectDeposit: text("bank_direct_deposit"),
    bankName: text("bank_name"),
    bankAccountType: text("bank_account_type"),
    bankAccountLengthMonth: integer("bank_account_length_month"),
    driversLicenseState: text("drivers_license_state"),
    ownCar: text("own_car"),
    creditScore: text("credit_score"),
    userIp: text("user_ip"),
    userAgent: text("user_agent"),
    utmSource: text("utm_source"),
    trackingId: text("tracking_id"),
    testMode: boolean("test_mode").notNull().default(false),
    // Set by the first request of this visitor that carried Global Privacy Control (Sec-GPC: 1); a
    // do-not-sell request for this lead (decisions.md section 3). Never cleared by a later request.
    doNotSellAt: timestamp("do_not_sell_at", { withTimezone: true }),

    ssnEncrypted: text("ssn_encrypted"),
    ssnLast4: text("ssn_last4"),
    bankAccountNumberEncrypted: text("bank_account_number_encrypted"),
    bankAccountNumberLast4: text("bank_account_number_last4"),
    bankAbaEncrypted: text("bank_aba_encrypted"),
    driversLicenseNumberEncrypted: text("drivers_license_number_encrypted"),
    dobEncrypted: text("dob_encrypted"),
  },
  (t) => [index("leads_email_idx").on(t.email), index("leads_created_at_idx").on(t.createdAt)],
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

// Consent evidence (decisions.md section 3): which text, by version and hash, was shown where and when.
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
