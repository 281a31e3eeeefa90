import type { Attribution } from "#domain/attribution.ts";
import { SUB_KEYS, type PostedLead } from "#domain/contracts/publisher-api.ts";
import type { LeadChanges, LeadKeys, LeadRow } from "../../intake/leads/lead-store.ts";
import { insertLead } from "../../intake/leads/lead-store.ts";
import { newAccessToken, newLeadId } from "../../intake/leads/lead-access.ts";
import type { Db } from "../../platform/db/database.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import { createAuction } from "../../distribution/auction/auction-store.ts";
import type { Created } from "../../distribution/auction/auction-desk.ts";
import { claimIdempotencyKey } from "./idempotency-keys.ts";
import { recordPostedConsent, type PostedConsentText } from "./posted-consent.ts";

// A posted lead written whole or not at all (docs/decisions/0050-publisher-post-api.md): in one transaction its
// Idempotency-Key, the lead, its consent and its auction. The duplicate check of the auction's creation is the
// funnel's: the same person within the window, from any source, is refused, and the first source keeps it.

/** The source a posted lead is reported under, beside the funnel's campaigns; its publisher is its aff_id. */
export const POSTED_SOURCE = "publisher post";

type PostingPublisher = { id: string; aff_id: string };

export type PostedWrite = {
  publisher: PostingPublisher;
  body: PostedLead;
  /** The lead fields of the body, settled by the funnel's server checks (the zip's city and state). */
  changes: LeadChanges;
  consent: PostedConsentText;
  idempotency?: { key: string; bodyHash: string };
};

export type PostedOutcome =
  { kind: "created"; lead: LeadRow; created: Created } | { kind: "replay"; leadId: string } | { kind: "reused" };

/** What the lead's auction keeps of the publisher's tracking: its aff_id, never the body's, and its sub ids. */
function attributionOf(publisher: PostingPublisher, body: PostedLead): Attribution & Record<string, string> {
  const kept: Record<string, string> = { aff_id: publisher.aff_id, utm_source: POSTED_SOURCE };
  SUB_KEYS.forEach((key, i) => {
    if (body[key]) kept[`aff_sub${i + 1}`] = body[key];
  });
  if (body.click_id) kept.clickid = body.click_id;
  // The publisher's vendor evidence travels to buyers as the funnel's does (lead-document.ts reads these keys).
  if (body.trusted_form_cert_url) kept.trustedFormURL = body.trusted_form_cert_url;
  if (body.jornaya_leadid) kept.jornayaLeadId = body.jornaya_leadid;
  return kept;
}

export async function createPostedLead(
  db: Db,
  keys: LeadKeys,
  write: PostedWrite,
  auction: { budgetMs: number; duplicateWindowDays: number; claimAs: { owner: string; leaseMs: number } | undefined },
): Promise<PostedOutcome> {
  const { publisher, body, changes, consent, idempotency } = write;
  const id = newLeadId();
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (idempotency) {
      const claim = await claimIdempotencyKey(tx, { publisherId: publisher.id, ...idempotency, leadId: id });
      if (claim.kind !== "new") return claim;
    }
    const test = body.test === true;
    const lead = await insertLead(
      tx,
      keys,
      {
        id,
        // Nobody holds this lead's cookie: the publisher reads it by its key, never as a visitor.
        accessTokenHash: newAccessToken().hash,
        userIp: body.consent_ip,
        changes: { ...changes, user_agent: body.consent_user_agent, ...(test ? { test_mode: true } : {}) },
        slug: "publisher-post",
        doNotSell: false,
      },
      (inner) => recordPostedConsent(inner as unknown as Db, id, publisher.id, consent, body),
    );
    const created = await createAuction(
      tx,
      {
        leadId: id,
        testMode: test,
        attribution: attributionOf(publisher, body),
        submission: { posted_by: publisher.id },
        emailHash: personHash(keys.hashSecret, "email", lead.email),
        phoneHash: personHash(keys.hashSecret, "phone", lead.cell_phone ?? lead.home_phone),
        ssnHash: personHash(keys.hashSecret, "ssn", typeof changes.ssn === "string" ? changes.ssn : null),
        deadlineAt: new Date(Date.now() + auction.budgetMs),
      },
      auction.duplicateWindowDays,
      { claimAs: auction.claimAs },
    );
    return { kind: "created", lead, created };
  });
}
