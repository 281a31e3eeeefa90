import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { POST_MESSAGES, type PostedLead } from "#domain/contracts/publisher-api.ts";
import type { Db } from "../../platform/db/database.ts";
import { consentRecords, publisherConsentTexts } from "../../platform/db/schema.ts";
import { violatedConstraint } from "../../platform/db/violated-constraint.ts";

// The consent a posted lead carries (docs/decisions/0050-publisher-post-api.md): the words the visitor agreed to on
// the publisher's page, kept once per distinct text under its SHA-256, and a TCPA consent record pointing at them,
// so a buyer's post and the consent certificate read it as they read the funnel's.

export type PostedConsentText = { hash: string; version: string | null; text: string | null };

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The consent text a post names: the one it carries, or the one the publisher registered under `consent_version`.
 * Undefined with a field problem when the version is not registered.
 */
export async function postedConsentText(
  db: Db,
  publisherId: string,
  body: Pick<PostedLead, "consent_text" | "consent_version">,
): Promise<PostedConsentText | { problem: Record<string, string> }> {
  const text = body.consent_text;
  if (text !== undefined) return { hash: sha256(text), version: body.consent_version ?? null, text };
  const [registered] = await db
    .select({ hash: publisherConsentTexts.hash })
    .from(publisherConsentTexts)
    .where(
      and(eq(publisherConsentTexts.publisherId, publisherId), eq(publisherConsentTexts.version, body.consent_version!)),
    )
    .limit(1);
  if (!registered) return { problem: { consent_version: POST_MESSAGES.consentVersionUnknown } };
  return { hash: registered.hash, version: body.consent_version!, text: null };
}

/** The lead's consent record, and its text when the post carried it: in the transaction that writes the lead. */
export async function recordPostedConsent(
  tx: Db,
  leadId: string,
  publisherId: string,
  consent: PostedConsentText,
  body: Pick<PostedLead, "consent_at" | "consent_ip" | "consent_user_agent" | "consent_page_url">,
) {
  if (consent.text !== null) {
    // A text registered under a version keeps that name; the same words posted again add nothing.
    await tx
      .insert(publisherConsentTexts)
      .values({ hash: consent.hash, publisherId, text: consent.text })
      .onConflictDoNothing();
  }
  await tx.insert(consentRecords).values({
    leadId,
    consentKind: "tcpa",
    textVersion: consent.version ?? `publisher ${publisherId}`,
    textHash: consent.hash,
    button: "",
    // The page without its query, as the funnel's records keep it: a query may carry the visitor's details.
    pageUrl: body.consent_page_url.split("?")[0] ?? "",
    ip: body.consent_ip,
    userAgent: body.consent_user_agent,
    createdAt: new Date(body.consent_at),
  });
}

/** A publisher's consent texts, newest first: those registered under a version and those its posts carried. */
export async function consentTextsOf(db: Db, publisherId: string) {
  const rows = await db
    .select()
    .from(publisherConsentTexts)
    .where(eq(publisherConsentTexts.publisherId, publisherId))
    .orderBy(desc(publisherConsentTexts.createdAt));
  return rows.map((r) => ({ version: r.version, hash: r.hash, text: r.text, created_at: r.createdAt.toISOString() }));
}

/**
 * Registers `text` under `version` for the publisher: a text its posts carried already takes the version (its record
 * and its hash stay). "version taken" when the publisher has that version for other words.
 */
export async function registerConsentText(
  db: Db,
  publisherId: string,
  version: string,
  text: string,
): Promise<Awaited<ReturnType<typeof consentTextsOf>>[number] | "version taken"> {
  const hash = sha256(text);
  const [taken] = await db
    .select({ hash: publisherConsentTexts.hash })
    .from(publisherConsentTexts)
    .where(and(eq(publisherConsentTexts.publisherId, publisherId), eq(publisherConsentTexts.version, version)))
    .limit(1);
  if (taken && taken.hash !== hash) return "version taken";
  try {
    const [row] = await db
      .insert(publisherConsentTexts)
      .values({ hash, publisherId, version, text })
      .onConflictDoUpdate({
        target: [publisherConsentTexts.publisherId, publisherConsentTexts.hash],
        set: { version: sql`excluded.version` },
      })
      .returning();
    return { version: row!.version, hash: row!.hash, text: row!.text, created_at: row!.createdAt.toISOString() };
  } catch (error) {
    // Two registrations of one version at once: the unique index decides, and the second is told.
    if (violatedConstraint(error) === "publisher_consent_texts_version_idx") return "version taken";
    throw error;
  }
}
