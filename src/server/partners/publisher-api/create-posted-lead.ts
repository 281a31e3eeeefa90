import type { Attribution } from "#domain/attribution.ts";
import { SUB_KEYS, type PostedLead } from "#domain/contracts/publisher-api.ts";
import type { LeadChanges, LeadKeys, LeadRow } from "../../intake/leads/lead-store.ts";
import { insertLead } from "../../intake/leads/lead-store.ts";
import { newAccessToken, newLeadId } from "../../intake/leads/lead-access.ts";
import type { Db } from "../../platform/db/database.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import { velocityHashes } from "../../screening/velocity/velocity-hashes.ts";
import { createAuction } from "../../distribution/auction/auction-store.ts";
import type { Created } from "../../distribution/auction/auction-desk.ts";
import type { PingCall } from "../../distribution/auction/ping-offers.ts";
import { recordCalls, type CallRecord } from "../../distribution/auction/auction-store.ts";
import type { PublisherApiCode } from "#domain/contracts/publisher-api-problem.ts";
import { claimIdempotencyKey } from "./idempotency-keys.ts";
import { changedSincePing, takePing } from "./publisher-pings.ts";
import { fullCaps, hasCaps, lockPostedCaps, type PostedCaps } from "./posted-caps.ts";
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
  /** A post after a ping: the ping it names, and the age the post's birth date gives today (to match the ping's). */
  ping?: { id: string; ageToday: number | undefined };
  /**
   * The publisher's terms (docs/decisions/0052-posted-terms.md): the least a buyer's price may be (null: no price
   * meets them) and its caps, counted under a lock in this transaction.
   */
  terms: { floorCents: number | null; caps: PostedCaps };
};

export type PostedOutcome =
  | { kind: "created"; lead: LeadRow; created: Created }
  | { kind: "replay"; leadId: string }
  | { kind: "reused" }
  | { kind: "refused"; code: PublisherApiCode; errors?: Record<string, string>; retryAfterSeconds?: number };

type Refusal = Extract<PostedOutcome, { kind: "refused" }>;

/** Rolls the post's transaction back (its Idempotency-Key with it) when its ping cannot be taken or a cap is full. */
class PostRefused extends Error {
  readonly outcome: Refusal;
  constructor(outcome: Refusal) {
    super(outcome.code);
    this.outcome = outcome;
  }
}

/** The floor of a publisher whose terms no price can meet: higher than any price, so no offer is taken. */
const NO_PRICE_MEETS = 2_147_483_647;

/** What the lead's auction keeps of the publisher's tracking: its aff_id, never the body's, and its sub ids. */
export function attributionOf(
  publisher: PostingPublisher,
  body: Partial<Pick<PostedLead, (typeof SUB_KEYS)[number] | "click_id" | "trusted_form_cert_url" | "jornaya_leadid">>,
): Attribution & Record<string, string> {
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
  return db
    .transaction(async (t): Promise<PostedOutcome> => {
      const tx = t as unknown as Db;
      if (idempotency) {
        const claim = await claimIdempotencyKey(tx, { publisherId: publisher.id, ...idempotency, leadId: id });
        if (claim.kind !== "new") return claim;
      }
      const test = body.test === true;
      // A test lead counts against no cap; a live one waits for the publisher's other posts to be counted.
      if (!test && hasCaps(write.terms.caps)) {
        await lockPostedCaps(tx, publisher.id);
        const full = await fullCaps(tx, publisher.id, write.terms.caps, new Date());
        if (full)
          throw new PostRefused({ kind: "refused", code: "cap_reached", retryAfterSeconds: full.retryAfterSeconds });
      }
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
      // Taken once the lead it names exists; a refusal rolls the lead back with the rest.
      const pinged = write.ping && (await takenPing(tx, write.ping, publisher.id, id, { ...body, ...changes, test }));
      const created = await createAuction(
        tx,
        {
          leadId: id,
          testMode: test,
          attribution: attributionOf(publisher, body),
          submission: pinged ? { ping_id: pinged.id } : {},
          preset: pinged?.preset ?? null,
          minPriceCents: write.terms.floorCents ?? NO_PRICE_MEETS,
          postedBy: publisher.id,
          emailHash: personHash(keys.hashSecret, "email", lead.email),
          phoneHash: personHash(keys.hashSecret, "phone", lead.cell_phone ?? lead.home_phone),
          ssnHash: personHash(keys.hashSecret, "ssn", typeof changes.ssn === "string" ? changes.ssn : null),
          // The applicant's IP the publisher sent; a posted lead carries no device of ours.
          ...velocityHashes(keys.hashSecret, { deviceId: undefined, ip: lead.user_ip }),
          deadlineAt: new Date(Date.now() + auction.budgetMs),
        },
        auction.duplicateWindowDays,
        { claimAs: auction.claimAs },
      );
      // The ping's calls become the lead's: its timeline and its buyers' figures count them from the post on.
      if (pinged)
        await recordCalls(
          tx,
          (pinged.calls as PingCall[]).map((call): CallRecord => ({ ...call, leadId: id })),
        );
      return { kind: "created", lead, created };
    })
    .catch((error: unknown) => {
      if (error instanceof PostRefused) return error.outcome;
      throw error;
    });
}

/** The ping the post names, taken for lead `leadId`; refused (rolling the post back) when it cannot be. */
async function takenPing(
  tx: Db,
  ping: NonNullable<PostedWrite["ping"]>,
  publisherId: string,
  leadId: string,
  posted: Record<string, unknown>,
) {
  const taken = await takePing(tx, ping.id, publisherId, leadId);
  if ("refused" in taken) throw new PostRefused({ kind: "refused", code: taken.refused });
  const { fields, testMode } = taken.ping;
  const changed = changedSincePing({ ...fields, test: testMode }, posted, ping.ageToday);
  if (Object.keys(changed).length > 0) {
    throw new PostRefused({ kind: "refused", code: "ping_fields_changed", errors: changed });
  }
  return taken.ping;
}
