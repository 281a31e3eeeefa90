import { asc, eq, inArray } from "drizzle-orm";
import { fillConsent, type ConsentPlaceholders } from "#domain/consent.ts";
import { VENDOR_EVIDENCE_KEYS, type VendorEvidence } from "#domain/consent-vendors.ts";
import type { ConsentCertificate, ConsentGiven } from "#domain/contracts/consent-certificate.ts";
import type { Db } from "../../platform/db/database.ts";
import { auctions, consentRecords, publisherConsentTexts } from "../../platform/db/schema.ts";
import { issueLinkToken, publicUrl, readLinkToken } from "../../platform/security/link-token.ts";
import { consentTextByHash } from "./consent-texts.ts";

// The consent certificate (docs/product/security-and-privacy.md#consent-certificate): a signed link per lead
// that a buyer receives with the post and can open to check every consent given, as it was given. The link
// is unguessable (src/server/platform/security/link-token.ts) and lasts as long as the evidence is kept.
const PURPOSE = "consent-certificate";

/** Consent evidence is kept 5 years (the Telemarketing Sales Rule's record period); so is its link. */
const CONSENT_EVIDENCE_YEARS = 5;

export function issueCertificateToken(secret: Buffer, leadId: string, now = new Date()): string {
  const exp = new Date(now);
  exp.setUTCFullYear(exp.getUTCFullYear() + CONSENT_EVIDENCE_YEARS);
  return issueLinkToken(secret, PURPOSE, leadId, exp);
}

export function certificateLeadId(secret: Buffer, token: string, now = new Date()): string | undefined {
  return readLinkToken(secret, PURPOSE, token, now);
}

/** Where a certificate is read: the printable page (`.json` beside it for machines). */
export function certificateUrl(publicBaseUrl: string, token: string): string {
  return publicUrl(publicBaseUrl, `/consent/certificate/${token}`);
}

type Row = typeof consentRecords.$inferSelect;

/** One button press: the rows it wrote share the text, the page and the moment. */
function pressKey(row: Row): string {
  return `${row.createdAt.toISOString()}|${row.textHash}|${row.button}|${row.pageUrl}`;
}

function given(rows: Row[], publishersTexts: Map<string, string>): ConsentGiven {
  const first = rows[0]!;
  const text = consentTextByHash(first.textHash);
  const values = (first.placeholders ?? {}) as Partial<ConsentPlaceholders>;
  // A posted lead's consent: the publisher's words, kept under the hash they were recorded with.
  const theirs = publishersTexts.get(first.textHash);
  return {
    // A placeholder with no recorded value stays as written: the record never claims a value it lacks.
    text: text
      ? fillConsent(text, { brand: values.brand ?? "{brand}", shortCode: values.shortCode ?? "{shortCode}" })
      : (theirs ?? ""),
    text_version: first.textVersion,
    text_hash: first.textHash,
    text_verified: text !== undefined ? text.version === first.textVersion : theirs !== undefined,
    kinds: rows.map((row) => row.consentKind),
    button: first.button,
    page_url: first.pageUrl,
    given_at: first.createdAt.toISOString(),
    ip: first.ip,
    user_agent: first.userAgent,
  };
}

/** Every consent recorded for the lead, oldest first; undefined when it has none. */
export async function readCertificate(db: Db, leadId: string): Promise<ConsentCertificate | undefined> {
  const rows = await db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.leadId, leadId))
    .orderBy(asc(consentRecords.createdAt), asc(consentRecords.id));
  if (rows.length === 0) return undefined;
  const presses = new Map<string, Row[]>();
  for (const row of rows) presses.set(pressKey(row), [...(presses.get(pressKey(row)) ?? []), row]);
  const evidence = await vendorEvidence(db, leadId);
  const texts = await publishersTexts(
    db,
    rows.map((row) => row.textHash).filter((hash) => consentTextByHash(hash) === undefined),
  );
  return {
    lead_id: leadId,
    consents: [...presses.values()].map((press) => given(press, texts)),
    ...(Object.keys(evidence).length > 0 ? { vendor_evidence: evidence } : {}),
  };
}

/** The publishers' consent texts of these hashes (docs/decisions/0050-publisher-post-api.md), by hash. */
async function publishersTexts(db: Db, hashes: string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .select({ hash: publisherConsentTexts.hash, text: publisherConsentTexts.text })
    .from(publisherConsentTexts)
    .where(inArray(publisherConsentTexts.hash, [...new Set(hashes)]));
  return new Map(rows.map((row) => [row.hash, row.text]));
}

/** The vendor certificate and token kept with the lead's sale (auctions.attribution), when it had them. */
async function vendorEvidence(db: Db, leadId: string): Promise<VendorEvidence> {
  const [sale] = await db
    .select({ attribution: auctions.attribution })
    .from(auctions)
    .where(eq(auctions.leadId, leadId))
    .limit(1);
  const kept = (sale?.attribution ?? {}) as Record<string, string>;
  return Object.fromEntries(VENDOR_EVIDENCE_KEYS.flatMap((key) => (kept[key] ? [[key, kept[key]]] : [])));
}
