import { createHash } from "node:crypto";
import { ageOn } from "#domain/age.ts";
import { parseIsoDate } from "#domain/calendar-date.ts";
import { isSensitiveField } from "#domain/fields/lead-fields.ts";
import { BUYER_FIELD_CLASS, type BuyerField, type BuyerFieldClass } from "#domain/fields/field-exposure.ts";
import { FIELD_CLASS, type SourceField } from "#domain/buyers/buyer-fields.ts";
import type { LeadRow } from "../../intake/leads/lead-store.ts";
import { encryptedColumn } from "../../intake/leads/lead-columns.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { qualityFieldsOf, type QualityChecks } from "#domain/screening/quality-checks.ts";

export type LeadDocument = Partial<Record<SourceField, string | number | boolean | null>>;

/** sha256 hex of a normalised e-mail or phone: what lead buyers match duplicates on; fine in a ping. */
function contactHash(value: string | null | undefined, kind: "email" | "phone"): string | undefined {
  if (!value) return undefined;
  const normal = kind === "email" ? value.trim().toLowerCase() : value.replace(/\D/g, "").slice(-10);
  return normal ? createHash("sha256").update(normal).digest("hex") : undefined;
}

export type ConsentEvidenceRow = {
  textVersion: string;
  textHash: string;
  createdAt: Date;
  ip: string | null;
  userAgent: string | null;
  pageUrl: string;
};

/**
 * Every field the network knows, for one lead: the saved answers (sensitive ones decrypted), tracking and
 * consent evidence. Callers narrow it with `visibleTo` before any mapping sees it.
 */
export function leadDocument(
  row: LeadRow,
  cipher: PiiCipher,
  extra: {
    attribution: Record<string, string>;
    consent: ConsentEvidenceRow | undefined;
    certificateUrl?: string | undefined;
    today: Date;
    /** The gate's answers (docs/product/screening.md#what-buyers-see). */
    quality?: QualityChecks | undefined;
  },
): LeadDocument {
  const doc: LeadDocument = { lead_id: row.id };
  const values = row as unknown as Record<string, unknown>;
  for (const field of Object.keys(BUYER_FIELD_CLASS) as BuyerField[]) {
    if (isSensitiveField(field)) {
      const envelope = values[encryptedColumn(field)];
      doc[field] = typeof envelope === "string" ? cipher.decrypt(envelope, `${row.id}:${field}`) : null;
    } else {
      const value = values[field];
      doc[field as SourceField] = value instanceof Date ? value.toISOString() : (value as string | number | null);
    }
  }
  const birth = typeof doc.dob === "string" ? parseIsoDate(doc.dob) : undefined;
  if (birth) doc.age = ageOn(birth, extra.today);
  doc.email_sha256 = contactHash(row.email, "email") ?? null;
  doc.phone_sha256 = contactHash(row.cell_phone ?? row.home_phone, "phone") ?? null;
  for (const [key, value] of Object.entries(extra.attribution)) {
    if (Object.hasOwn(FIELD_CLASS, key)) doc[key as SourceField] = value;
  }
  if (extra.consent) {
    doc.consent_text_version = extra.consent.textVersion;
    doc.consent_text_hash = extra.consent.textHash;
    doc.consent_at = extra.consent.createdAt.toISOString();
    doc.consent_ip = extra.consent.ip;
    doc.consent_user_agent = extra.consent.userAgent;
    doc.consent_page = extra.consent.pageUrl;
  }
  if (extra.certificateUrl) doc.consent_certificate_url = extra.certificateUrl;
  if (extra.quality) Object.assign(doc, qualityFieldsOf(extra.quality));
  return doc;
}

/**
 * A publisher's ping as a document (docs/decisions/0051-publisher-ping-post.md): its values and its tracking, of the
 * fields a ping may carry only; there is no lead yet, so no lead_id.
 */
export function pingDocument(values: Record<string, unknown>, attribution: Record<string, string>): LeadDocument {
  const doc: LeadDocument = {};
  for (const [key, value] of Object.entries({ ...values, ...attribution })) {
    const pingable = FIELD_CLASS[key as SourceField] === "ping" && key !== "lead_id";
    if (pingable && (typeof value === "string" || typeof value === "number" || typeof value === "boolean")) {
      doc[key as SourceField] = value;
    }
  }
  return doc;
}

/** The part of the document a call may carry: pings see "ping" fields only, posts add what the buyer may see. */
export function visibleTo(doc: LeadDocument, allowed: ReadonlySet<BuyerFieldClass>): LeadDocument {
  return Object.fromEntries(
    Object.entries(doc).filter(([key]) => allowed.has(FIELD_CLASS[key as SourceField])),
  ) as LeadDocument;
}

export const PING_CLASSES: ReadonlySet<BuyerFieldClass> = new Set(["ping"]);
export const CONTACT_CLASSES: ReadonlySet<BuyerFieldClass> = new Set(["ping", "contact"]);
export const ALL_CLASSES: ReadonlySet<BuyerFieldClass> = new Set(["ping", "contact", "restricted"]);

/** Values that must never appear in a stored request or answer, longest first (for masking). */
export function secretsOf(doc: LeadDocument): string[] {
  return Object.entries(doc)
    .filter(
      ([key, value]) => FIELD_CLASS[key as SourceField] !== "ping" && typeof value === "string" && value.length >= 3,
    )
    .map(([, value]) => value as string)
    .sort((a, b) => b.length - a.length);
}
