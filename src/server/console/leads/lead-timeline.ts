import { withoutContactDetails } from "../../../domain/contact-details.ts";
import { asc, eq, inArray, or, type SQL } from "drizzle-orm";
import { ATTRIBUTION_KEYS } from "#domain/attribution.ts";
import type { BuyerOutcomeRow, LeadTimeline, LeadTimelineEvent } from "#domain/contracts/console-leads.ts";
import { qualityRowsOf } from "#domain/contracts/console-quality.ts";
import type { Db } from "../../platform/db/database.ts";
import {
  auctions,
  buyerCalls,
  consentRecords,
  leadReminders,
  leads,
  mailOutbox,
  marketingOutbox,
  privacyRequests,
  publisherPings,
  publishers,
  stepEvents,
} from "../../platform/db/schema.ts";
import { leadContact } from "../../intake/leads/lead-view.ts";
import { certificateUrl, issueCertificateToken } from "../../intake/consent/consent-certificate.ts";
import { outcomesOf } from "../../distribution/auction/auction-store.ts";
import { postedAnswer } from "../../partners/publisher-api/posted-answer.ts";
import { readQuality } from "../../screening/gate/quality-store.ts";
import { leadStatus } from "./lead-search.ts";
import { PERSONAL_FIELDS, shownValue } from "./mask-personal.ts";

// A lead's timeline (issue 19, Leads): everything that happened to it, oldest first, with what says who the
// person is masked (mask-personal.ts). What the auction stored of a ping or post is masked already
// (distribution/auction/mapping.ts); a mail shows its purpose and subject, never its body.

type Deps = { db: Db; tokenSecret: Buffer; publicBaseUrl: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function leadTimeline(deps: Deps, leadId: string): Promise<LeadTimeline | undefined> {
  const { db } = deps;
  const [found] = await db
    .select({ row: leads, status: leadStatus })
    .from(leads)
    .leftJoin(auctions, eq(auctions.leadId, leads.id))
    .where(eq(leads.id, leadId));
  if (!found) return undefined;
  const { row } = found;

  const contact = leadContact(row) as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(contact)
      .filter(([field]) => field !== "lead_id")
      .map(([field, value]) => [field, shownValue(field, value) as string | number | boolean | null]),
  );

  const events: LeadTimelineEvent[] = [];

  for (const step of await db
    .select()
    .from(stepEvents)
    .where(eq(stepEvents.leadId, leadId))
    .orderBy(asc(stepEvents.id))) {
    const changes = step.changes as Record<string, unknown>;
    events.push({
      kind: "step",
      at: step.createdAt.toISOString(),
      step: step.step,
      slug: step.slug,
      fields: Object.keys(changes),
      values: Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, shownValue(field, value)])),
    });
  }

  const consents = await db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.leadId, leadId))
    .orderBy(asc(consentRecords.id));
  if (consents.length > 0) {
    // One certificate per lead shows every consent it gave (intake/consent/consent-certificate.ts).
    const certificate = certificateUrl(deps.publicBaseUrl, issueCertificateToken(deps.tokenSecret, leadId));
    for (const consent of consents) {
      events.push({
        kind: "consent",
        at: consent.createdAt.toISOString(),
        consent_kind: consent.consentKind,
        text_version: consent.textVersion,
        button: consent.button,
        page_url: consent.pageUrl,
        certificate_url: certificate,
      });
    }
  }

  const [auction] = await db.select().from(auctions).where(eq(auctions.leadId, leadId));
  const outcomes = auction ? await outcomesOf(db, leadId) : [];
  if (auction) {
    events.push({
      kind: "submission",
      at: auction.createdAt.toISOString(),
      test_mode: auction.testMode,
      attribution: auction.attribution,
      submission: auction.submission,
    });
    for (const call of await db
      .select()
      .from(buyerCalls)
      .where(eq(buyerCalls.leadId, leadId))
      .orderBy(asc(buyerCalls.id))) {
      events.push({
        kind: call.kind === "post" ? "post" : "ping",
        at: call.createdAt.toISOString(),
        buyer: call.buyerId,
        state: call.state,
        latency_ms: call.latencyMs,
        price_cents: call.priceCents,
        reason: call.reason === null ? null : withoutContactDetails(call.reason),
        http_status: call.httpStatus,
        request: requestBody(call.request),
        response: call.response,
        bodies_cleared_after_days: call.bodiesClearedAt
          ? Math.floor((call.bodiesClearedAt.getTime() - call.createdAt.getTime()) / 86_400_000)
          : null,
      });
    }
    if (auction.decidedAt) {
      events.push({
        kind: "decision",
        at: auction.decidedAt.toISOString(),
        status: auction.status,
        reason: auction.reason,
        buyer: auction.buyerId,
        price_cents: auction.priceCents,
      });
    }
    if (auction.redirectedAt) {
      events.push({ kind: "redirect", at: auction.redirectedAt.toISOString(), buyer: auction.buyerId });
    }
    if (auction.postedBy !== null) events.push(...(await postedEvents(deps, auction, consents)));
  }

  // The gate's one record (docs/product/screening.md#the-quality-record); none for a lead never sent, or sent before
  // the gate was.
  const quality = await readQuality(db, leadId);
  if (quality) {
    events.push({
      kind: "quality",
      at: quality.checkedAt.toISOString(),
      checks: qualityRowsOf(quality.checks),
      refused_reason: quality.refusedReason,
      ms: quality.ms,
    });
  }

  // The person's privacy requests, matched as suppression matches them (compliance/suppression.ts): the e-mail
  // lower-case, phones as their digits, each an indexed equality.
  const email = row.email?.trim().toLowerCase();
  const phones = [row.cell_phone, row.home_phone, row.work_phone].filter((p): p is string => Boolean(p));
  const who: SQL[] = [];
  if (email) who.push(eq(privacyRequests.email, email));
  if (phones.length > 0) who.push(inArray(privacyRequests.phone, phones));
  if (who.length > 0) {
    for (const request of await db
      .select()
      .from(privacyRequests)
      .where(or(...who))
      .orderBy(asc(privacyRequests.createdAt))) {
      events.push({
        kind: "privacy_request",
        at: request.createdAt.toISOString(),
        reference: request.id,
        request_kind: request.kind,
        request_type: request.requestType,
        status: request.status,
        due_at: iso(request.dueAt),
        completed_at: iso(request.completedAt),
      });
    }
  }

  for (const entry of await db
    .select()
    .from(marketingOutbox)
    .where(eq(marketingOutbox.leadId, leadId))
    .orderBy(asc(marketingOutbox.id))) {
    events.push({
      kind: "marketing",
      at: entry.createdAt.toISOString(),
      list_key: entry.listKey,
      status: entry.status,
      attempts: entry.attempts,
      done_at: iso(entry.doneAt),
    });
  }

  // Mails about this lead (its reminders) and to its address (a privacy request's link, say).
  const reminderMails = db
    .select({ id: leadReminders.mailId })
    .from(leadReminders)
    .where(eq(leadReminders.leadId, leadId));
  const toLead = row.email ? [inArray(mailOutbox.toAddress, [...new Set([row.email, email!])])] : [];
  for (const mail of await db
    .select({
      purpose: mailOutbox.purpose,
      status: mailOutbox.status,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(or(inArray(mailOutbox.id, reminderMails), ...toLead))
    .orderBy(asc(mailOutbox.id))) {
    events.push({
      kind: "mail",
      at: mail.createdAt.toISOString(),
      purpose: mail.purpose,
      status: mail.status,
      subject: mail.subject,
      sent_at: iso(mail.sentAt),
    });
  }

  // Oldest first; the sort is stable, so events of one moment keep the order they were read in.
  events.sort((a, b) => a.at.localeCompare(b.at));

  return {
    lead: {
      id: row.id,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      record_status: row.status,
      status: found.status,
      do_not_sell_at: iso(row.doNotSellAt),
      fields,
      personal_fields: [...PERSONAL_FIELDS],
    },
    events,
    outcomes: outcomes.map(outcomeRow),
  };
}

/** A buyer's outcome (outcomesOf) as the console shows it: the lead's page and the publisher test console. */
export function outcomeRow(o: Awaited<ReturnType<typeof outcomesOf>>[number]): BuyerOutcomeRow {
  return {
    buyer: o.buyerId,
    outcome: o.outcome,
    detail: o.detail,
    offered_cents: o.offeredCents,
    paid_cents: o.paidCents,
    at: o.at.toISOString(),
  };
}

/** The tracking a posted lead keeps of its publisher's sub ids and click id (create-posted-lead.ts, attributionOf). */
const POSTED_TRACKING = ATTRIBUTION_KEYS.filter((key) => key.startsWith("aff_sub") || key === "clickid");

/**
 * A posted lead's publisher side (docs/decisions/0050-publisher-post-api.md, 0051-publisher-ping-post.md): the ping it
 * came after, its post with the tracking and consent evidence it carried, and what the publisher was answered.
 */
async function postedEvents(
  deps: Deps,
  auction: typeof auctions.$inferSelect,
  consents: (typeof consentRecords.$inferSelect)[],
): Promise<LeadTimelineEvent[]> {
  const { db } = deps;
  const publisherId = auction.postedBy!;
  const [found] = await db
    .select({ name: publishers.name, payoutKind: publishers.payoutKind, payoutAmount: publishers.payoutAmount })
    .from(publishers)
    .where(eq(publishers.id, publisherId));
  const who = { publisher_id: publisherId, publisher_name: found?.name ?? publisherId };
  const events: LeadTimelineEvent[] = [];

  const [ping] = await db.select().from(publisherPings).where(eq(publisherPings.leadId, auction.leadId));
  if (ping) {
    events.push({
      kind: "publisher_ping",
      at: ping.createdAt.toISOString(),
      ...who,
      ping_id: ping.id,
      test: ping.testMode,
      // Ping-class fields only (the ping refuses any other), masked all the same should the registry change.
      fields: Object.fromEntries(
        Object.entries(ping.fields).map(([field, value]) => [field, shownValue(field, value) as typeof value]),
      ),
      payout_cents: ping.payoutCents,
      expires_at: ping.expiresAt.toISOString(),
      offers: ping.preset.offers.map((offer) => ({ buyer: offer.buyerId, price_cents: offer.priceCents })),
    });
  }

  const attribution = auction.attribution;
  // The post's own record is its TCPA consent (posted-consent.ts, recordPostedConsent): the first the lead has.
  const consent = consents.find((c) => c.consentKind === "tcpa") ?? consents[0];
  const pingId = auction.submission.ping_id;
  events.push({
    kind: "publisher_post",
    at: auction.createdAt.toISOString(),
    ...who,
    test: auction.testMode,
    ping_id: typeof pingId === "string" ? pingId : null,
    tracking: Object.fromEntries(POSTED_TRACKING.flatMap((key) => (attribution[key] ? [[key, attribution[key]]] : []))),
    consent: consent
      ? {
          text_version: consent.textVersion,
          text_hash: consent.textHash,
          at: consent.createdAt.toISOString(),
          page_url: consent.pageUrl,
          ip: shownValue("user_ip", consent.ip) as string | null,
          trusted_form_cert_url: attribution.trustedFormURL ?? null,
          jornaya_leadid: attribution.jornayaLeadId ?? null,
        }
      : null,
  });

  // Under the publisher's payout rule now, as the API's status address answers it; a publisher since removed is
  // answered as paid nothing.
  const rule = found
    ? { payout_kind: found.payoutKind, payout_amount: found.payoutAmount }
    : { payout_kind: "revenue_share" as const, payout_amount: 0 };
  events.push({
    kind: "publisher_answer",
    at: (auction.decidedAt ?? auction.createdAt).toISOString(),
    ...who,
    answer: postedAnswer(auction, auction.testMode, rule, deps.publicBaseUrl),
  });
  return events;
}

/**
 * A call's request as the auction stored it, `{ body }` with the body as sent: that text, so the console shows the
 * buyer's JSON, form or XML itself and not wrapped in a second JSON string. Anything else is shown as JSON.
 */
function requestBody(stored: unknown): string | null {
  if (stored === null || stored === undefined) return null;
  const body = (stored as { body?: unknown }).body;
  return typeof body === "string" ? body : JSON.stringify(body ?? stored);
}
