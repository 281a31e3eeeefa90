import { and, count, desc, eq, gte, lt, ne } from "drizzle-orm";
import { qualityRowsOf, type QualityCheckRow } from "#domain/contracts/console-quality.ts";
import type { ReturnReason } from "#domain/partners/publisher.ts";
import type { CheckName } from "#domain/screening/quality-checks.ts";
import type { Db } from "../../platform/db/database.ts";
import { auctions, consentRecords, leads } from "../../platform/db/schema.ts";
import { isCallableUsPhone } from "../../intake/leads/phone-acceptance.ts";
import { readQuality, type QualityRecord } from "../../screening/gate/quality-store.ts";
import { saleOf } from "./lead-sale.ts";

// What the product holds beside a return's reason (docs/product/partners.md#returns): the sale, earlier submissions
// of the same person (matched by keyed hash, counted and dated, never shown), what was checked of the phone, the
// gate's answers (docs/product/screening.md#the-quality-record), those that bear on the reason first, and the
// consent certificate. Never a value of the person's data.

type DuplicateMatch = { field: "email" | "phone" | "ssn"; count: number; dates: string[] };

export type ReturnEvidence = {
  sale: { buyer_id: string; price_cents: number; sold_at: string } | null;
  duplicates: { window_days: number; matches: DuplicateMatch[] };
  phone: { kept: boolean; callable: boolean | null; summary: string };
  quality: {
    checked_at: string;
    refused_reason: string | null;
    checks: (QualityCheckRow & { bears: boolean })[];
  } | null;
  certificate_url: string | null;
};

/**
 * The gate's checks that bear on a reason, shown first and marked: a wrong or dead number, the phone's. Every other
 * reason (a duplicate, fraud, not the person) has none singled out, and every answer is shown in its usual order.
 */
const BEARING: Partial<Record<ReturnReason, readonly CheckName[]>> = {
  wrong_number: ["phone_number", "phone_line_type"],
  disconnected: ["phone_number", "phone_line_type"],
};

/** Dates shown per field; the count says how many there are in all. */
const MAX_DATES = 10;

const DAY_MS = 86_400_000;

export async function evidenceOf(
  db: Db,
  { leadId, reason }: { leadId: string; reason: ReturnReason },
  deps: { duplicateWindowDays: number; certificateUrl: (leadId: string) => string },
): Promise<ReturnEvidence> {
  const [sale, duplicates, phone, quality, certificate] = await Promise.all([
    saleOf(db, leadId),
    duplicatesOf(db, leadId, deps.duplicateWindowDays),
    phoneCheckOf(db, leadId),
    readQuality(db, leadId),
    db.select({ id: consentRecords.id }).from(consentRecords).where(eq(consentRecords.leadId, leadId)).limit(1),
  ]);
  return {
    sale: sale ? { buyer_id: sale.buyerId, price_cents: sale.priceCents, sold_at: sale.soldAt.toISOString() } : null,
    duplicates,
    phone,
    quality: quality ? qualityFor(quality, reason) : null,
    certificate_url: certificate.length > 0 ? deps.certificateUrl(leadId) : null,
  };
}

/** The record's answers, those that bear on the reason first (each group in CHECK_NAMES order). */
function qualityFor(record: QualityRecord, reason: ReturnReason): NonNullable<ReturnEvidence["quality"]> {
  const bearing: readonly CheckName[] = BEARING[reason] ?? [];
  const rows = qualityRowsOf(record.checks).map((row) => ({ ...row, bears: bearing.includes(row.check) }));
  return {
    checked_at: record.checkedAt.toISOString(),
    refused_reason: record.refusedReason,
    checks: [...rows.filter((row) => row.bears), ...rows.filter((row) => !row.bears)],
  };
}

/** Earlier submissions with the same e-mail, phone or SSN hash within the window before this lead's own. */
async function duplicatesOf(db: Db, leadId: string, windowDays: number) {
  const [own] = await db.select().from(auctions).where(eq(auctions.leadId, leadId));
  const matches: DuplicateMatch[] = [];
  if (own === undefined) return { window_days: windowDays, matches };
  const since = new Date(own.createdAt.getTime() - windowDays * DAY_MS);
  const columns = { email: auctions.emailHash, phone: auctions.phoneHash, ssn: auctions.ssnHash } as const;
  const hashes = { email: own.emailHash, phone: own.phoneHash, ssn: own.ssnHash };
  for (const field of ["email", "phone", "ssn"] as const) {
    const hash = hashes[field];
    if (!hash) continue;
    const where = and(
      eq(columns[field], hash),
      ne(auctions.leadId, leadId),
      gte(auctions.createdAt, since),
      lt(auctions.createdAt, own.createdAt),
    );
    const [total] = await db.select({ n: count() }).from(auctions).where(where);
    if (!total?.n) continue;
    const dates = await db
      .select({ at: auctions.createdAt })
      .from(auctions)
      .where(where)
      .orderBy(desc(auctions.createdAt))
      .limit(MAX_DATES);
    matches.push({ field, count: total.n, dates: dates.map((d) => d.at.toISOString()) });
  }
  return { window_days: windowDays, matches };
}

/**
 * The application refuses a number no person answers (the check in intake/leads/phone-acceptance.ts); this says
 * whether a number is kept and passes it. A carrier's line type, when one was asked, is the gate's (`quality`).
 */
async function phoneCheckOf(db: Db, leadId: string): Promise<ReturnEvidence["phone"]> {
  const [lead] = await db
    .select({ cell: leads.cell_phone, home: leads.home_phone })
    .from(leads)
    .where(eq(leads.id, leadId));
  const number = lead?.cell ?? lead?.home ?? null;
  if (number === null) return { kept: false, callable: null, summary: "No phone number is kept for this lead." };
  const callable = isCallableUsPhone(number.replace(/\D/g, ""));
  return {
    kept: true,
    callable,
    summary: callable
      ? "Passed the application's check (a callable US number)."
      : "Does not pass the application's check of a callable US number.",
  };
}
