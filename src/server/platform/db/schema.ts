import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { OperatorRole } from "../../../domain/console/roles.ts";
import type { QualityChecks, ScreeningSettings } from "../../../domain/screening/quality-checks.ts";

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
  (t) => [
    index("leads_email_idx").on(t.email),
    index("leads_created_at_idx").on(t.created_at),
    // The retention purge looks for leads unused past the window (src/server/workflows/retention/retention.ts).
    index("leads_updated_at_idx").on(t.updated_at),
    // The few leads whose visitor sent Global Privacy Control, searched by every suppression check
    // (src/server/compliance/suppression.ts).
    index("leads_do_not_sell_idx")
      .on(t.doNotSellAt)
      .where(sql`do_not_sell_at is not null`),
    // The few test leads, which the console's figures leave out (src/server/console/lead-scope/lead-scope.ts).
    index("leads_test_idx")
      .on(t.id)
      .where(sql`test_mode`),
  ],
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
  (t) => [
    index("step_events_lead_idx").on(t.leadId, t.createdAt),
    // The funnel's rollup finds the saves since its mark by time (console/reports/funnel-rollup.ts).
    index("step_events_created_idx").on(t.createdAt),
    // The funnel tells the /apply/* path by a step-18 save (src/server/console/reports/funnel-steps.ts).
    index("step_events_apply_mark_idx")
      .on(t.leadId)
      .where(sql`step = 18`),
  ],
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
  // (lead, id): a lead's first consent, where Today reads the brand (src/server/console/reports/today-report.ts).
  (t) => [index("consent_records_lead_idx").on(t.leadId, t.id)],
);

// Unsubscribe and do-not-sell requests. `dedupeKey` makes the same request sent twice one request.
// A request is a workflow (docs/product/privacy-requests.md): `requestType` says what was asked, `status`
// where it stands (open, awaiting_verification, completed), `dueAt` when the law wants it done. An erased
// request keeps no e-mail, phone, payload or IP: only its type and dates.
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    requestType: text("request_type"),
    dedupeKey: text("dedupe_key").notNull(),
    email: text("email"),
    phone: text("phone"),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("received"),
    ip: text("ip"),
    createdAt: createdAt(),
    dueAt: timestamp("due_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("privacy_requests_dedupe_idx").on(t.kind, t.dedupeKey),
    index("privacy_requests_email_idx").on(t.email),
    index("privacy_requests_phone_idx").on(t.phone),
    index("privacy_requests_open_idx")
      .on(t.dueAt)
      .where(sql`status <> 'completed'`),
  ],
);

// Contacts to delete at Brevo after an opt-out or an erasure (docs/product/marketing.md#removal); after an
// erasure the only copy of the e-mail left, removed as soon as Brevo confirms.
export const marketingErasures = pgTable(
  "marketing_erasures",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("marketing_erasures_due_idx").on(t.nextAttemptAt)],
);

// What stays of an erased person (docs/product/privacy-requests.md#delete): keyed hashes of the e-mail and
// phones, so suppression still holds for a later application while nothing says who the person was.
export const suppressionTombstones = pgTable("suppression_tombstones", {
  hash: text("hash").primaryKey(),
  createdAt: createdAt(),
});

// Every e-mail the product sends, written here first (docs/product/mail.md). With no mail transport
// configured the row simply stays (status held): nothing leaves the machine. An erasure blanks the
// recipient and body of the person's mails.
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    purpose: text("purpose").notNull(),
    toAddress: text("to_address"),
    subject: text("subject").notNull(),
    body: text("body"),
    // pending (to send), held (no transport), sent, failed (refused for good), erased, or withheld (a check
    // at send time stopped it: the person opted out, or what it was about is over).
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_to_idx").on(t.toAddress)],
);

// The reminders to finish an application (docs/product/mail.md#reminders): one row per reminder of a lead,
// numbered 1 to 3. The unique (lead, number) is the claim: two processes that pick the same lead at once
// both try the same number, and only one inserts it (and its mail, in the same transaction). `outcome` is
// queued (the mail is in the outbox) or suppressed (the person had opted out: no mail, and no later reminder).
export const leadReminders = pgTable(
  "lead_reminders",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    outcome: text("outcome").notNull(),
    mailId: bigint("mail_id", { mode: "number" }).references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("lead_reminders_number_idx").on(t.leadId, t.number),
    index("lead_reminders_mail_idx").on(t.mailId),
  ],
);

// Every read of a lead's full SSN or bank data in clear (docs/product/security-and-privacy.md#sensitive-reads):
// which lead, which fields, for what and for whom, never the data itself. Kept when the lead is erased.
export const sensitiveReads = pgTable(
  "sensitive_reads",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: text("lead_id").notNull(),
    fields: jsonb("fields").$type<string[]>().notNull(),
    purpose: text("purpose").notNull(),
    recipient: text("recipient"),
    createdAt: createdAt(),
  },
  (t) => [index("sensitive_reads_lead_idx").on(t.leadId, t.createdAt)],
);

// The lender network (docs/product/lender-network.md, docs/decisions/0018-lender-auction.md).

// Buyers an operator adds or changes without a restart; a row overrides the BUYERS_FILE entry with the
// same id. `config` is validated by the same zod schema as the file (src/domain/buyers/buyer-schema.ts).
export const buyers = pgTable("buyers", {
  id: text("id").primaryKey(),
  config: jsonb("config").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// One sale attempt per lead: the final submission's attribution, the auction's state and its outcome.
// `status` is pending, accepted or rejected; once decided it never changes (the store's updates say
// `where status = 'pending'`). The lease lets one worker at a time run it and another take over after a crash.
/** A publisher's ping's offers, in the order a post tries them, and the outcome of every buyer that made none. */
export type PresetOffers = {
  offers: { buyerId: string; priceCents: number; pingId: string | null; tier: number }[];
  outcomes: { buyerId: string; outcome: string; detail: string | null; offeredCents: number | null }[];
};

export const auctions = pgTable(
  "auctions",
  {
    leadId: text("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    buyerId: text("buyer_id"),
    priceCents: integer("price_cents"),
    redirectUrl: text("redirect_url"),
    rejectUrl: text("reject_url"),
    testMode: boolean("test_mode").notNull().default(false),
    // Tracking fields of the submission (utm_source, aff_id, tPar[affiliateId], clickid...): names as sent.
    attribution: jsonb("attribution")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // The lead's source as the console reads it (docs/decisions/0048-console-exports.md#the-leads-source-as-a-column): the submission's
    // utm_source, else the lead's. Written by the trigger auctions_source (migration 0030) on every insert and change
    // of attribution, never by a caller, so it is a column the leads search can index with the status.
    source: text("source"),
    // The offers a publisher's ping collected for this lead (docs/decisions/0051-publisher-ping-post.md): its auction
    // posts to them in turn and pings nobody. Null for every other lead.
    preset: jsonb("preset").$type<PresetOffers>(),
    // The least a buyer's price may be for this lead: a posted lead's publisher terms (its minimum payout and
    // Loanpath's minimum margin, docs/decisions/0052-posted-terms.md). Null for the funnel's leads.
    minPriceCents: integer("min_price_cents"),
    // The publisher that posted the lead through the publisher API; null for the funnel's leads. Its caps and the
    // console's posted figures count by it.
    postedBy: text("posted_by"),
    // The rest of the submission that is not an application answer (consent flags, page, product id).
    submission: jsonb("submission")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // Keyed hashes (HMAC) of the person's e-mail, phone and SSN, for duplicate checks; never sent.
    emailHash: text("email_hash"),
    phoneHash: text("phone_hash"),
    ssnHash: text("ssn_hash"),
    // Keyed hashes of the visitor's device (the first-party lp_device cookie) and IP, which the gate's velocity check
    // counts applications by (docs/product/screening.md#velocity); never sent.
    deviceHash: text("device_hash"),
    ipHash: text("ip_hash"),
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    runs: integer("runs").notNull().default(0),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    redirectedAt: timestamp("redirected_at", { withTimezone: true }),
  },
  (t) => [
    index("auctions_email_hash_idx").on(t.emailHash, t.createdAt),
    index("auctions_phone_hash_idx").on(t.phoneHash, t.createdAt),
    index("auctions_ssn_hash_idx").on(t.ssnHash, t.createdAt),
    index("auctions_device_hash_idx")
      .on(t.deviceHash, t.createdAt)
      .where(sql`device_hash is not null`),
    index("auctions_ip_hash_idx")
      .on(t.ipHash, t.createdAt)
      .where(sql`ip_hash is not null`),
    index("auctions_pending_idx").on(t.status, t.leaseUntil),
    // The console's reports count submissions by when they came (src/server/console/reports/today-report.ts).
    index("auctions_created_idx").on(t.createdAt),
    // The few test submissions, which the console's figures leave out (src/server/console/lead-scope/lead-scope.ts).
    index("auctions_test_idx")
      .on(t.leadId)
      .where(sql`test_mode`),
    // The partners' settle pass finds decisions made since its cursor (src/server/partners/settle).
    index("auctions_decided_idx").on(t.decidedAt),
    // The leads search's capped count for a status and a source, and for a buyer's leads since a date
    // (src/server/console/leads/lead-search.ts).
    index("auctions_status_source_idx").on(t.status, t.source),
    index("auctions_buyer_created_idx").on(t.buyerId, t.createdAt),
    index("auctions_posted_by_idx")
      .on(t.postedBy, t.createdAt)
      .where(sql`posted_by is not null`),
  ],
);

// Every ping and post of an auction, with request and answer already masked. A post row is written
// (state "sending") before the request leaves, so a restart knows a post may have reached the buyer.
// The two partial unique indexes are the last word on "never sold twice": at most one post in flight and
// at most one accepted post per lead.
export const buyerCalls = pgTable(
  "buyer_calls",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id").notNull(),
    kind: text("kind").notNull(),
    state: text("state").notNull(),
    request: jsonb("request"),
    response: text("response"),
    httpStatus: integer("http_status"),
    latencyMs: integer("latency_ms"),
    priceCents: integer("price_cents"),
    // A post to a billed buyer: the price held against its room while the post is in flight, released (or charged, on a
    // sale) when it settles (docs/product/buyer-money.md#room); null for a buyer without billing and for a test lead.
    heldCents: integer("held_cents"),
    reason: text("reason"),
    externalId: text("external_id"),
    redirectUrl: text("redirect_url"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    // When the request and answer bodies were blanked after BUYER_CALL_BODY_DAYS (workflows/retention); the row,
    // its state, latency and price stay for the figures and the ledger.
    bodiesClearedAt: timestamp("bodies_cleared_at", { withTimezone: true }),
  },
  (t) => [
    // The calls whose bodies are still kept, oldest first: what the clearing pass walks, in batches.
    index("buyer_calls_bodies_kept_idx")
      .on(t.createdAt)
      .where(sql`bodies_cleared_at is null`),
    // A lead's calls, and Today's bids and posts per lead read from the index alone.
    index("buyer_calls_lead_idx").on(t.leadId, t.kind, t.state, t.buyerId),
    // The buyers' figures since the start of the day (src/server/console/buyers/buyer-figures.ts), read from the index
    // alone: every column they count is in it.
    index("buyer_calls_created_idx").on(t.createdAt, t.buyerId, t.kind, t.state, t.priceCents, t.latencyMs, t.leadId),
    index("buyer_calls_buyer_idx").on(t.buyerId, t.kind, t.state, t.createdAt),
    // The console's leads search by the buyer's own reference id (src/server/console/leads/lead-search.ts).
    index("buyer_calls_external_id_idx")
      .on(t.externalId)
      .where(sql`external_id is not null`),
    uniqueIndex("buyer_calls_one_post_in_flight")
      .on(t.leadId)
      .where(sql`kind = 'post' and state = 'sending'`),
    uniqueIndex("buyer_calls_one_sale")
      .on(t.leadId)
      .where(sql`kind = 'post' and state = 'accepted'`),
  ],
);

// What each buyer came to in a lead's auction (src/domain/buyers/buyer-outcomes.ts), every buyer the auction knew
// of, pinged or not: written with the decision, in its statement, by the run that decided (`run`, the auction's
// runs count then). No personal data: a buyer, a code, a detail, prices, a time.
export const auctionBuyerOutcomes = pgTable(
  "auction_buyer_outcomes",
  {
    leadId: text("lead_id")
      .notNull()
      .references(() => auctions.leadId, { onDelete: "cascade" }),
    run: integer("run").notNull(),
    buyerId: text("buyer_id").notNull(),
    outcome: text("outcome").notNull(),
    detail: text("detail"),
    offeredCents: integer("offered_cents"),
    paidCents: integer("paid_cents"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.buyerId] })],
);

// Client log events (POST /api/logs), personal data stripped before they are stored.
export const clientLogs = pgTable(
  "client_logs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: text("lead_id"),
    level: text("level").notNull(),
    event: text("event").notNull(),
    data: jsonb("data"),
    createdAt: createdAt(),
  },
  (t) => [index("client_logs_created_idx").on(t.createdAt)],
);

// E-mail marketing list additions waiting to reach Brevo (docs/product/marketing.md): the lead and the lists,
// never a copy of the e-mail or name, which are read from the lead when the entry is sent, so a later
// opt-out or erasure reaches entries still waiting. One entry per lead and set of lists.
export const marketingOutbox = pgTable(
  "marketing_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    listKey: text("list_key").notNull(),
    listIds: jsonb("list_ids").$type<number[]>().notNull(),
    updateEnabled: boolean("update_enabled").notNull(),
    // pending, sent, suppressed (an opt-out came first) or failed (Brevo refused it for good).
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("marketing_outbox_once_idx").on(t.leadId, t.listKey),
    index("marketing_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

// The operator console (docs/decisions/0034-operator-console.md).

// People who run the business. The password is a scrypt hash with its parameters ("scrypt$N$r$p$salt$hash");
// the TOTP secret is encrypted like a lead's sensitive fields; recovery codes are kept as sha256 hashes and
// removed as they are used. `totpLastStep` is the last 30-second step a code was accepted for, so a code
// seen once cannot sign in again.
export const operators = pgTable(
  "operators",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").$type<OperatorRole>().notNull(),
    passwordHash: text("password_hash").notNull(),
    totpSecretEncrypted: text("totp_secret_encrypted").notNull(),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    recoveryCodeHashes: jsonb("recovery_code_hashes").$type<string[]>().notNull(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    // The one publisher a `publisher` operator sees (docs/product/partners.md#a-publishers-own-view); null for others.
    publisherId: text("publisher_id"),
    // The one buyer a `buyer` user sees (docs/product/buyer-money.md#the-buyer-portal); null for others.
    buyerId: text("buyer_id"),
    // The time zone the operator reads the console in, kept with the account so every browser shows the same days.
    timeZone: text("time_zone"),
  },
  (t) => [uniqueIndex("operators_email_idx").on(sql`lower(${t.email})`)],
);

// A signed-in operator. The cookie holds a random token; only its sha256 is kept here. A session ends when
// it is idle too long, reaches its absolute life, is revoked, or its operator is disabled.
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    // A short public handle, to list and revoke a session without its token.
    id: text("id").notNull(),
    operatorId: text("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("operator_sessions_id_idx").on(t.id), index("operator_sessions_operator_idx").on(t.operatorId)],
);

// Every operator action and every reveal of personal data: who, what, when, why. Append-only: a trigger
// (migration 0009) refuses any update or delete, so not even the product's own code can rewrite it.
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // Null for the command line (the first owner is created before anyone can sign in).
    operatorId: text("operator_id"),
    operatorEmail: text("operator_email").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    reason: text("reason"),
    details: jsonb("details")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_target_idx").on(t.target)],
);

// Every version of a buyer's configuration an operator saved: who, when, what. Rolling back saves the old
// configuration again as a new version, so the history only grows.
export const buyerVersions = pgTable(
  "buyer_versions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    buyerId: text("buyer_id").notNull(),
    version: integer("version").notNull(),
    config: jsonb("config").notNull(),
    enabled: boolean("enabled").notNull(),
    operatorId: text("operator_id"),
    operatorEmail: text("operator_email").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("buyer_versions_number_idx").on(t.buyerId, t.version)],
);

// Keyed hashes (platform/security/person-hash.ts) of each lead's e-mail and phones, so the console finds a lead by
// e-mail or phone with an indexed equality on a hash, never a scan of plain text.
export const leadSearchHashes = pgTable(
  "lead_search_hashes",
  {
    hash: text("hash").notNull(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.hash, t.leadId] }), index("lead_search_hashes_lead_idx").on(t.leadId)],
);

// The Today report's counts per 15-minute UTC bucket (console/reports/today-rollup.ts): one row per bucket, side
// (a lead's start or its submission) and every dimension the report splits or filters by. Fifteen minutes so any
// operator's day, +5:30 and +5:45 included, is a whole number of buckets. Rebuilt, never updated in place.
export const todayRollup = pgTable(
  "today_rollup",
  {
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    // Buckets the row adds up, from `bucket` on: 1, or an aligned block of 2, 4, ... 1024 (rollup-buckets.ts, blocksOf).
    span: integer("span").notNull(),
    // True: leads started (created) in the bucket. False: leads submitted in it (their auction's creation).
    started: boolean("started").notNull(),
    status: text("status"),
    reason: text("reason"),
    source: text("source").notNull(),
    affId: text("aff_id").notNull(),
    subId: text("sub_id").notNull(),
    brand: text("brand").notNull(),
    n: integer("n").notNull(),
    sent: integer("sent").notNull(),
    bids: integer("bids").notNull(),
    postsAfterBid: integer("posts_after_bid").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
    redirected: integer("redirected").notNull(),
    // The ledger's money written in the bucket (a row with no status, not started, n = 0): what returns took back
    // (positive) and the publishers' payouts earned less reversed (today-money.ts says how they are read).
    returnedCents: bigint("returned_cents", { mode: "number" }).notNull().default(0),
    payoutCents: bigint("payout_cents", { mode: "number" }).notNull().default(0),
  },
  // Every column in the index: a report reads its blocks from the index alone (bench/console.ts).
  (t) => [
    index("today_rollup_span_bucket_idx").on(
      t.span,
      t.bucket,
      t.started,
      t.status,
      t.reason,
      t.source,
      t.affId,
      t.subId,
      t.brand,
      t.n,
      t.sent,
      t.bids,
      t.postsAfterBid,
      t.revenueCents,
      t.redirected,
      t.returnedCents,
      t.payoutCents,
    ),
  ],
);

// The Today report's daily series (console/reports/today-rollup.ts): today_rollup's rows added up over every dimension
// but the side and the outcome, so a 90-day chart reads a few rows per block instead of every source, publisher and
// brand's (docs/decisions/0048-console-exports.md#the-days-series). Rebuilt with today_rollup, in its transaction.
export const todaySeriesRollup = pgTable(
  "today_series_rollup",
  {
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    span: integer("span").notNull(),
    started: boolean("started").notNull(),
    status: text("status"),
    n: integer("n").notNull(),
    sent: integer("sent").notNull(),
    bids: integer("bids").notNull(),
    postsAfterBid: integer("posts_after_bid").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
    redirected: integer("redirected").notNull(),
    returnedCents: bigint("returned_cents", { mode: "number" }).notNull().default(0),
    payoutCents: bigint("payout_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("today_series_rollup_span_bucket_idx").on(
      t.span,
      t.bucket,
      t.started,
      t.status,
      t.n,
      t.sent,
      t.bids,
      t.postsAfterBid,
      t.revenueCents,
      t.redirected,
      t.returnedCents,
      t.payoutCents,
    ),
  ],
);

// The funnel's figures per 15-minute UTC bucket of the leads' creation (console/reports/funnel-rollup.ts): per path,
// device and source, the cohort, the furthest step, the saves per step and a histogram of each step's seconds (bin).
export const funnelRollup = pgTable(
  "funnel_rollup",
  {
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    // Buckets the row adds up: 1, or an aligned block of 2, 4, ... 4096 (rollup-buckets.ts, blocksOf).
    span: integer("span").notNull(),
    path: text("path").notNull(),
    device: text("device").notNull(),
    source: text("source").notNull(),
    // "cohort" (idx and bin -1), "furthest" (idx: the furthest step saved), "saved" (idx), "seconds" (idx, bin).
    kind: text("kind").notNull(),
    idx: integer("idx").notNull(),
    bin: integer("bin").notNull(),
    n: integer("n").notNull(),
  },
  // Every column in the index: a report reads its blocks from the index alone (bench/console.ts).
  (t) => [
    index("funnel_rollup_span_bucket_idx").on(t.span, t.bucket, t.path, t.device, t.source, t.kind, t.idx, t.bin, t.n),
  ],
);

// Each publisher's figures per 15-minute UTC bucket (console/reports/publisher-rollup.ts), each counted at the time
// of its own event, as the publisher's own view counts them: applications (their auction's creation), sales (its
// decision), payouts earned less reversed and returns (the ledger's rows), and what buyers paid for its leads less
// what returns took back (the ledger's sold and returned rows).
export const publisherRollup = pgTable(
  "publisher_rollup",
  {
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    // Buckets the row adds up: 1, or an aligned block of 2, 4, ... 4096 (rollup-buckets.ts, blocksOf).
    span: integer("span").notNull(),
    publisherId: text("publisher_id").notNull(),
    applications: integer("applications").notNull(),
    sold: integer("sold").notNull(),
    payoutCents: bigint("payout_cents", { mode: "number" }).notNull(),
    returns: integer("returns").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  },
  // Every column in the index: a report reads its blocks from the index alone.
  (t) => [
    index("publisher_rollup_span_bucket_idx").on(
      t.span,
      t.bucket,
      t.publisherId,
      t.applications,
      t.sold,
      t.payoutCents,
      t.returns,
      t.revenueCents,
    ),
  ],
);

// Each buyer's figures per 15-minute UTC bucket (console/reports/buyer-rollup.ts): its calls by their creation, its
// sold auctions by theirs, its returns and payouts by the ledger's time. Rebuilt, never updated in place.
export const buyerRollup = pgTable(
  "buyer_rollup",
  {
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    // Buckets the row adds up: 1, or an aligned block of 2, 4, ... 4096 (rollup-buckets.ts, blocksOf).
    span: integer("span").notNull(),
    buyerId: text("buyer_id").notNull(),
    calls: integer("calls").notNull(),
    pings: integer("pings").notNull(),
    bids: integer("bids").notNull(),
    posts: integer("posts").notNull(),
    accepts: integer("accepts").notNull(),
    rejects: integer("rejects").notNull(),
    errors: integer("errors").notNull(),
    timeouts: integer("timeouts").notNull(),
    failures: integer("failures").notNull(),
    settled: integer("settled").notNull(),
    bidSum: bigint("bid_sum", { mode: "number" }).notNull(),
    sales: bigint("sales", { mode: "number" }).notNull(),
    // The sold auctions (Today's by-buyer sales) and their prices.
    sold: integer("sold").notNull(),
    soldCents: bigint("sold_cents", { mode: "number" }).notNull(),
    // Returns granted to the buyer (the buyer report's), and the ledger's money as Today reads it per buyer.
    returns: integer("returns").notNull(),
    returnedCents: bigint("returned_cents", { mode: "number" }).notNull(),
    moneyRows: integer("money_rows").notNull(),
    moneyReturnedCents: bigint("money_returned_cents", { mode: "number" }).notNull(),
    payoutCents: bigint("payout_cents", { mode: "number" }).notNull(),
  },
  (t) => [index("buyer_rollup_span_bucket_idx").on(t.span, t.bucket)],
);

// The latency histogram beside buyer_rollup: per bucket and buyer, the calls in each log-spaced bin of latency
// (console/reports/latency-bins.ts). Narrow and apart, as a bucket holds about as many bins as calls.
export const buyerLatencyRollup = pgTable(
  "buyer_latency_rollup",
  {
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    span: integer("span").notNull(),
    buyerId: text("buyer_id").notNull(),
    bin: integer("bin").notNull(),
    n: integer("n").notNull(),
  },
  // Every column in the index: a read takes its blocks from the index alone.
  (t) => [index("buyer_latency_rollup_span_bucket_idx").on(t.span, t.bucket, t.buyerId, t.bin, t.n)],
);

// How far each rollup is rebuilt: its buckets before `coveredTo` are complete; a report reads the rows after it.
export const rollupCoverage = pgTable("rollup_coverage", {
  name: text("name").primaryKey(),
  coveredTo: timestamp("covered_to", { withTimezone: true }).notNull(),
});

// Partners (src/server/partners, docs/product/partners.md).

// A publisher: someone whose traffic Loanpath buys. A lead is its when the lead's `aff_id` is the publisher's
// (the tracking links carry it). The payout rule is one of three kinds with its amount; a payout is final
// `holdDays` after it is earned. The postback secret signs the calls to `postbackUrl` and is stored
// encrypted like a lead's sensitive fields.
export const publishers = pgTable(
  "publishers",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    affId: text("aff_id").notNull(),
    payoutKind: text("payout_kind").$type<"per_sold" | "revenue_share" | "per_completed">().notNull(),
    // Cents per lead for per_sold and per_completed; basis points of the sale's price for revenue_share.
    payoutAmount: integer("payout_amount").notNull(),
    holdDays: integer("hold_days").notNull(),
    postbackUrl: text("postback_url"),
    postbackSecretEncrypted: text("postback_secret_encrypted").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    // Its terms for posted leads (docs/decisions/0052-posted-terms.md): the least it accepts for one, the least Loanpath
    // keeps of one, and how many it may post per hour, day and month of its own time zone. Null: no such limit.
    postedMinPayoutCents: integer("posted_min_payout_cents"),
    postedMinMarginCents: integer("posted_min_margin_cents"),
    postedCapHourly: integer("posted_cap_hourly"),
    postedCapDaily: integer("posted_cap_daily"),
    postedCapMonthly: integer("posted_cap_monthly"),
    timeZone: text("time_zone").notNull().default("America/New_York"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("publishers_aff_id_idx").on(t.affId)],
);

// Every money event, one row each: a sale, a return, a payout earned, reversed or made final. Rows are
// numbered without gaps (`seq`) and chained: `hash` is sha256 of the previous row's hash and this row's
// `digest` (sha256 of its canonical content), so a changed, removed or inserted row breaks every hash after it
// (src/server/partners/ledger/ledger-chain.ts). Append-only: a trigger (migration 0012) refuses any update,
// delete or truncate. No personal data: lead ids and amounts only, so an erasure never touches it.
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    kind: text("kind")
      .$type<"sold" | "returned" | "payout_earned" | "payout_reversed" | "payout_final" | "payment">()
      .notNull(),
    // The lead the money is for; a buyer's payment, which is for no lead, is keyed by the payment's id (`pay_...`).
    leadId: text("lead_id").notNull(),
    buyerId: text("buyer_id"),
    publisherId: text("publisher_id"),
    // Signed: what the buyer owes (sold +, returned -), what the publisher is owed (earned +, reversed -);
    // final carries the amount made final.
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    // The statement month (YYYY-MM, UTC) the row counts in: the month of `at`, as a closed month never changes.
    month: text("month").notNull(),
    digest: text("digest").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    // One of each kind per lead: what makes a repeated settle pass or a retried job write nothing twice.
    uniqueIndex("ledger_entries_lead_kind_idx").on(t.leadId, t.kind),
    index("ledger_entries_publisher_idx").on(t.publisherId, t.month),
    index("ledger_entries_buyer_idx").on(t.buyerId, t.month),
    // A buyer's movements, newest first, a page at a time (the buyer portal's balance).
    index("ledger_entries_buyer_seq_idx").on(t.buyerId, t.seq),
    // A month's statements sum its rows (src/server/partners/statements).
    index("ledger_entries_month_idx").on(t.month, t.kind),
    // Today's returns and payouts of any period, a day as well as a year (console/reports/today-money.ts).
    index("ledger_entries_at_idx").on(t.at),
  ],
);

// Posted leads (docs/decisions/0050-publisher-post-api.md). The consent texts publishers' visitors agreed to, each
// distinct text kept once under its SHA-256 (a consent record's text_hash points here when it is not one of
// Loanpath's own texts); `version` is set when the publisher registered the text under that name.
export const publisherConsentTexts = pgTable(
  "publisher_consent_texts",
  {
    hash: text("hash").notNull(),
    publisherId: text("publisher_id")
      .notNull()
      .references(() => publishers.id),
    version: text("version"),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Each publisher's own: two publishers may show the same words, each under a version of its own.
    primaryKey({ columns: [t.publisherId, t.hash] }),
    uniqueIndex("publisher_consent_texts_version_idx").on(t.publisherId, t.version),
    // The consent certificate reads a text by its hash alone (the words are the same whoever showed them).
    index("publisher_consent_texts_hash_idx").on(t.hash),
  ],
);

// A publisher's Idempotency-Key: the first request's body (its SHA-256) and the lead it made, written in the
// transaction that writes the lead, so a retry waits for that transaction and answers for the same lead. Kept 7 days.
export const publisherIdempotencyKeys = pgTable(
  "publisher_idempotency_keys",
  {
    publisherId: text("publisher_id").notNull(),
    key: text("key").notNull(),
    bodyHash: text("body_hash").notNull(),
    leadId: text("lead_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.publisherId, t.key] }),
    index("publisher_idempotency_keys_created_idx").on(t.createdAt),
  ],
);

// A publisher's ping (docs/decisions/0051-publisher-ping-post.md): the non-personal fields it was asked with, the
// offers its buyers made and the calls that made them, until a post takes it (lead_id, once) or it expires. The calls
// are written to buyer_calls under the lead when it is posted; an unposted ping's stay here until the hourly purge.
export const publisherPings = pgTable(
  "publisher_pings",
  {
    id: text("id").primaryKey(),
    publisherId: text("publisher_id")
      .notNull()
      .references(() => publishers.id, { onDelete: "cascade" }),
    testMode: boolean("test_mode").notNull(),
    // The ping's fields as the publisher sent them (checked), which its post must repeat.
    fields: jsonb("fields").$type<Record<string, string | number | boolean>>().notNull(),
    preset: jsonb("preset").$type<PresetOffers>().notNull(),
    calls: jsonb("calls").$type<Record<string, unknown>[]>().notNull(),
    // What the publisher was offered for the lead; null when no buyer bid.
    payoutCents: integer("payout_cents"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    leadId: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("publisher_pings_lead_idx").on(t.leadId),
    index("publisher_pings_publisher_idx").on(t.publisherId, t.createdAt),
    index("publisher_pings_created_idx").on(t.createdAt),
  ],
);

// The keys buyers and publishers call the partner API with (src/server/partners/api-keys). Only the key's sha256
// is kept, so a copy of the database calls nothing; `prefix` (the key's first characters) tells keys apart on
// screen. A revoked key stays, so the audit log's mention of it still names something.
export const partnerApiKeys = pgTable(
  "partner_api_keys",
  {
    id: text("id").primaryKey(),
    partnerKind: text("partner_kind").$type<"buyer" | "publisher">().notNull(),
    partnerId: text("partner_id").notNull(),
    label: text("label").notNull(),
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("partner_api_keys_hash_idx").on(t.keyHash),
    index("partner_api_keys_partner_idx").on(t.partnerKind, t.partnerId),
  ],
);

// Partners: the settle pass, statements (src/server/partners/settle, src/server/partners/statements).

// How far the settle pass has read the auctions: it reads those created or decided after `mark` less a margin.
export const settleCursor = pgTable("settle_cursor", {
  name: text("name").primaryKey(),
  mark: timestamp("mark", { withTimezone: true }).notNull(),
});

// Each lead's events the settle pass has handled (completed, sold, rejected): written once, in the transaction
// that writes the event's ledger rows and hands it to the postback sink, so nothing is posted or paid twice.
export const settledEvents = pgTable(
  "settled_events",
  {
    leadId: text("lead_id").notNull(),
    event: text("event").$type<"completed" | "sold" | "rejected">().notNull(),
    publisherId: text("publisher_id"),
    payoutCents: integer("payout_cents"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.event] })],
);

// Payouts on hold: one per payout_earned row until it is made final or found reversed, due `dueAt` (the
// publisher's hold when earned). The settle pass reads the due ones by `dueAt`, never the whole ledger.
export const payoutHolds = pgTable(
  "payout_holds",
  {
    leadId: text("lead_id").primaryKey(),
    publisherId: text("publisher_id").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("payout_holds_due_idx").on(t.dueAt)],
);

// A closed month's statement of one partner (docs/product/partners.md#statements): written once when the month
// is closed and never changed (a trigger refuses updates and deletes, as for ledger_entries).
export const statements = pgTable(
  "statements",
  {
    partnerKind: text("partner_kind").$type<"buyer" | "publisher">().notNull(),
    partnerId: text("partner_id").notNull(),
    month: text("month").notNull(),
    totals: jsonb("totals").$type<Record<string, number>>().notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
    // The ledger's head at the close, signed (receipts' SignedHead), the same on every statement of the month; null
    // on months closed before statements carried it (docs/decisions/0042-signed-heads-handed-out.md).
    head: jsonb("head").$type<{
      head: { seq: number; hash: string; issued_at: string };
      key_id: string;
      signature: string;
    }>(),
  },
  (t) => [primaryKey({ columns: [t.partnerKind, t.partnerId, t.month] }), index("statements_month_idx").on(t.month)],
);

// Every signed chain head handed to a publisher (src/server/partners/heads, docs/decisions/0042-signed-heads-handed-out.md):
// with a closed month's statement, or once a UTC day by postback or for the publisher API. The console's ledger check
// holds the chain against each: a row rewritten at or before a head handed out no longer ends on its hash. Once per
// publisher and occasion (`handedFor`: "statement YYYY-MM" or "day YYYY-MM-DD"). Append-only, as ledger_entries.
export const ledgerHeadsHandedOut = pgTable(
  "ledger_heads_handed_out",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    handedAt: timestamp("handed_at", { withTimezone: true }).notNull(),
    publisherId: text("publisher_id").notNull(),
    channel: text("channel").$type<"statement" | "postback" | "api">().notNull(),
    handedFor: text("handed_for").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
    // The head's `issued_at` exactly as signed.
    issuedAt: text("issued_at").notNull(),
    keyId: text("key_id").notNull(),
    signature: text("signature").notNull(),
  },
  (t) => [
    uniqueIndex("ledger_heads_handed_out_once_idx").on(t.publisherId, t.handedFor),
    index("ledger_heads_handed_out_publisher_idx").on(t.publisherId, t.id),
  ],
);

// Returns (src/server/partners/returns, docs/product/partners.md#returns): a buyer's request to take back a lead it
// bought, from the buyer API or an operator on its behalf, and the operator's decision. At most one pending or
// approved return per lead (the partial unique index): a rejected return leaves room for another. No personal
// data: ids, the reason and the notes.
export const leadReturns = pgTable(
  "lead_returns",
  {
    id: text("id").primaryKey(),
    leadId: text("lead_id").notNull(),
    buyerId: text("buyer_id").notNull(),
    reason: text("reason").notNull(),
    note: text("note"),
    state: text("state").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    source: text("source").$type<"api" | "console" | "portal">().notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    // The operator's id (operators.id); null while pending.
    decidedBy: text("decided_by"),
    decisionNote: text("decision_note"),
  },
  (t) => [
    uniqueIndex("lead_returns_one_open_idx")
      .on(t.leadId)
      .where(sql`state in ('pending', 'approved')`),
    index("lead_returns_buyer_idx").on(t.buyerId, t.requestedAt),
    index("lead_returns_queue_idx").on(t.state, t.requestedAt),
  ],
);

// Publishers' tracking links and postbacks (src/server/partners/tracking, src/server/partners/postbacks).

// Clicks on a publisher's tracking link, counted per UTC day and sub1 value ('' without one): no IP, no visitor,
// nothing that points at a person (docs/product/partners.md#publishers).
export const publisherClicks = pgTable(
  "publisher_clicks",
  {
    publisherId: text("publisher_id").notNull(),
    day: text("day").notNull(),
    sub1: text("sub1").notNull(),
    clicks: integer("clicks").notNull(),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.day, t.sub1] })],
);

// Postbacks waiting for, or done with, a publisher's server (docs/product/partners.md#postbacks): one per
// publisher, lead and event, the address filled when the event happened. The answer kept is its status, its
// first 500 characters and how long it took.
export const publisherPostbacks = pgTable(
  "publisher_postbacks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    publisherId: text("publisher_id").notNull(),
    leadId: text("lead_id").notNull(),
    // `ledger_head` is the daily signed head (src/server/partners/heads): its `leadId` is "head YYYY-MM-DD", the day.
    event: text("event").$type<"completed" | "sold" | "rejected" | "returned" | "ledger_head">().notNull(),
    url: text("url").notNull(),
    // pending, sent (a 2xx) or failed (the attempts ran out).
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    answerStatus: integer("answer_status"),
    answerBody: text("answer_body"),
    latencyMs: integer("latency_ms"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("publisher_postbacks_once_idx").on(t.publisherId, t.leadId, t.event),
    index("publisher_postbacks_due_idx").on(t.status, t.nextAttemptAt),
    index("publisher_postbacks_recent_idx").on(t.publisherId, t.id),
  ],
);

// Per-IP rate-limit counts shared by every server process on PostgreSQL (docs/decisions/0037-several-processes.md):
// one row per counted key ("kind|ip", rate-limits.ts) and fixed window. The migration makes it UNLOGGED:
// counts are not worth a write-ahead log, and a crash of the database server that empties them only
// forgives a minute of requests. Rows past their window are pruned periodically.
export const rateLimitCounts = pgTable(
  "rate_limit_counts",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counts_window_ends_idx").on(t.windowEndsAt)],
);

// The console sign-in throttle's failure counts, shared by every server process on PostgreSQL
// (docs/decisions/0029-sign-in-throttle.md): one row per counted key, an address or all of them together, kept
// as a keyed hash so no address is stored. UNLOGGED like the rate-limit counts: a database crash that empties it
// forgives the failures counted so far. Rows are forgotten a day after their last failure.
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    keyHash: text("key_hash").primaryKey(),
    failures: integer("failures").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sign_in_failures_last_at_idx").on(t.lastAt)],
);

// The gate's answers for one lead (docs/product/screening.md): written once, before its first auction run, and read
// again by every later run, so a lead is checked once however often it is resent. `refused_reason` is the operator's
// rule that refused it (null: it went on to the buyers).
export const leadQuality = pgTable(
  "lead_quality",
  {
    leadId: text("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    checks: jsonb("checks").$type<QualityChecks>().notNull(),
    refusedReason: text("refused_reason"),
    /** How long the gate took, ms. */
    ms: integer("ms").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_quality_refused_idx").on(t.checkedAt, t.refusedReason)],
);

// The operator's do-not-call and litigator lists (docs/product/screening.md#lists): kept as keyed hashes of the phone
// (person-hash.ts), never as numbers.
export const screeningLists = pgTable("screening_lists", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** do_not_call or litigator: which check a match answers. */
  kind: text("kind").notNull(),
  entries: integer("entries").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

export const screeningListEntries = pgTable(
  "screening_list_entries",
  {
    listId: text("list_id")
      .notNull()
      .references(() => screeningLists.id, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.listId] }), index("screening_list_entries_list_idx").on(t.listId)],
);

// The operator's rules and velocity limits (one row, id "current"); absent, the defaults of quality-checks.ts.
export const screeningSettings = pgTable("screening_settings", {
  id: text("id").primaryKey(),
  settings: jsonb("settings").$type<ScreeningSettings>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

// Calls to the gate's paid services per UTC day (docs/product/screening.md#what-it-costs): one row per adapter and
// outcome (ok, failed, timeout), counted up in the quality record's transaction.
export const screeningCalls = pgTable(
  "screening_calls",
  {
    day: text("day").notNull(),
    adapter: text("adapter").notNull(),
    outcome: text("outcome").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.adapter, t.outcome] })],
);

// A buyer's money as the auction reads it (docs/product/buyer-money.md#room): running sums kept in step with the
// ledger, so a sale's room check reads one row. `credited` is payments and approved returns, `charged` the prices of
// its sales, `held` the prices of its posts in flight. Each moves in the same statement as what moves it (a payment, a
// return's approval, a post reserved or settled); the console's check compares them with the ledger.
export const buyerAccounts = pgTable("buyer_accounts", {
  buyerId: text("buyer_id").primaryKey(),
  creditedCents: bigint("credited_cents", { mode: "number" }).notNull().default(0),
  chargedCents: bigint("charged_cents", { mode: "number" }).notNull().default(0),
  heldCents: bigint("held_cents", { mode: "number" }).notNull().default(0),
  // When the low-room alert went for the current crossing; cleared once its room rose above the threshold again.
  lowRoomAlertedAt: timestamp("low_room_alerted_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// A buyer's payments (docs/product/buyer-money.md#payments): recorded by an operator, or confirmed by the payment
// provider's webhook (its Checkout Session's id in `external_id`, so a webhook sent twice records it once). Each has
// its ledger row (kind `payment`, keyed by `id`) written in the same transaction.
export const buyerPayments = pgTable(
  "buyer_payments",
  {
    id: text("id").primaryKey(),
    buyerId: text("buyer_id").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    reference: text("reference").notNull(),
    paidOn: text("paid_on").notNull(),
    source: text("source").$type<"operator" | "stripe">().notNull(),
    externalId: text("external_id"),
    operatorId: text("operator_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("buyer_payments_external_idx").on(t.source, t.externalId),
    // One operator's payment per reference and buyer: the same transfer entered twice would credit the buyer twice.
    uniqueIndex("buyer_payments_operator_reference_idx")
      .on(t.buyerId, sql`lower(${t.reference})`)
      .where(sql`${t.source} = 'operator'`),
    index("buyer_payments_buyer_idx").on(t.buyerId, t.createdAt),
  ],
);

// A buyer's invoices (docs/product/buyer-money.md#invoices): numbered without gaps across all buyers (`number`, taken
// under a lock at the close), summed from the ledger over the period, and never changed once closed (a trigger
// refuses updates and deletes, as for statements).
export const invoices = pgTable(
  "invoices",
  {
    number: integer("number").primaryKey(),
    buyerId: text("buyer_id").notNull(),
    period: text("period").$type<"weekly" | "monthly">().notNull(),
    // The period's first and last UTC days (YYYY-MM-DD), both included.
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    totals: jsonb("totals").$type<Record<string, number>>().notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("invoices_buyer_period_idx").on(t.buyerId, t.periodStart)],
);

// How many posts in a row each buyer failed (docs/product/buyer-money.md#pause-after-post-errors): an error answer, a
// timeout, no connection; any answer read (a sale or a rejection) sets it back to 0.
export const buyerPostFailures = pgTable("buyer_post_failures", {
  buyerId: text("buyer_id").primaryKey(),
  inARow: integer("in_a_row").notNull().default(0),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
});

// A buyer user's request to change its caps, prices, filters or schedule (docs/product/buyer-money.md#change-requests):
// the whole configuration asked for, which takes effect as a new version only when an operator approves it.
export const buyerChangeRequests = pgTable(
  "buyer_change_requests",
  {
    id: text("id").primaryKey(),
    buyerId: text("buyer_id").notNull(),
    // The configuration version the request was made against: an approval of a request older than the version in
    // force is refused, so it never undoes a change made meanwhile.
    baseVersion: integer("base_version"),
    config: jsonb("config").notNull(),
    note: text("note").notNull(),
    state: text("state").$type<"pending" | "approved" | "rejected" | "withdrawn">().notNull().default("pending"),
    requestedBy: text("requested_by").notNull(),
    decidedBy: text("decided_by"),
    decisionNote: text("decision_note"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("buyer_change_requests_buyer_idx").on(t.buyerId, t.createdAt)],
);
