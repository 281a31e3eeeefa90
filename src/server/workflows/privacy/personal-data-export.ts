import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import {
  auctions,
  buyerCalls,
  clientLogs,
  leads,
  mailOutbox,
  marketingOutbox,
  privacyRequests,
  sensitiveReads,
  stepEvents,
} from "../../platform/db/schema.ts";
import { readCertificate } from "../../intake/consent/consent-certificate.ts";
import { leadContact } from "../../intake/leads/lead-view.ts";

// A know request's answer (docs/product/privacy-requests.md#know): everything the product holds under the
// verified e-mail, lead by lead, and to whom it went. SSN, account, routing and licence numbers and the
// birth date show as their masks: the privacy laws forbid disclosing them in full in an answer, and
// whoever reads this mailbox is not proof enough of being their owner.

const iso = (at: Date | null) => at?.toISOString() ?? null;

export async function personalDataExport(db: Db, email: string, now = new Date()) {
  const address = email.trim().toLowerCase();
  const rows = await db
    .select()
    .from(leads)
    .where(or(eq(leads.email, address), sql`lower(${leads.email}) = ${address}`))
    .orderBy(asc(leads.created_at));
  const ids = rows.map((row) => row.id);
  const within = <T>(load: () => Promise<T[]>) => (ids.length > 0 ? load() : Promise.resolve([] as T[]));
  const [history, sales, calls, lists, reads, events] = await Promise.all([
    within(() => db.select().from(stepEvents).where(inArray(stepEvents.leadId, ids)).orderBy(asc(stepEvents.id))),
    within(() => db.select().from(auctions).where(inArray(auctions.leadId, ids))),
    within(() => db.select().from(buyerCalls).where(inArray(buyerCalls.leadId, ids)).orderBy(asc(buyerCalls.id))),
    within(() => db.select().from(marketingOutbox).where(inArray(marketingOutbox.leadId, ids))),
    within(() => db.select().from(sensitiveReads).where(inArray(sensitiveReads.leadId, ids))),
    within(() => db.select().from(clientLogs).where(inArray(clientLogs.leadId, ids))),
  ]);
  const applications = await Promise.all(
    rows.map(async (row) => {
      const sale = sales.find((s) => s.leadId === row.id);
      return {
        answers: {
          ...leadContact(row),
          status: row.status,
          created_at: iso(row.created_at),
          global_privacy_control_at: iso(row.doNotSellAt),
          test_mode: row.test_mode,
        },
        answer_history: history
          .filter((e) => e.leadId === row.id)
          .map((e) => ({ step: e.slug, saved_at: iso(e.createdAt), changes: e.changes })),
        consents: (await readCertificate(db, row.id))?.consents ?? [],
        sale: sale
          ? {
              status: sale.status,
              reason: sale.reason,
              buyer: sale.buyerId,
              price_cents: sale.priceCents,
              redirect_url: sale.redirectUrl,
              reject_url: sale.rejectUrl,
              submitted: sale.submission,
              source: sale.attribution,
              submitted_at: iso(sale.createdAt),
              decided_at: iso(sale.decidedAt),
              reached_lender_at: iso(sale.redirectedAt),
            }
          : null,
        // Pings carry no name or contact details; a post carries the application. What was sent is shown
        // as stored: personal values masked.
        shared_with: calls
          .filter((c) => c.leadId === row.id)
          .map((c) => ({
            buyer: c.buyerId,
            what: c.kind === "post" ? "application" : "bid request without contact details",
            outcome: c.state,
            reason: c.reason,
            price_cents: c.priceCents,
            sent: c.request,
            answer: c.response,
            at: iso(c.createdAt),
          })),
        browser_events: events
          .filter((e) => e.leadId === row.id)
          .map((e) => ({ event: e.event, level: e.level, data: e.data, at: iso(e.createdAt) })),
        sensitive_data_used: reads
          .filter((r) => r.leadId === row.id)
          .map((r) => ({ fields: r.fields, purpose: r.purpose, recipient: r.recipient, at: iso(r.createdAt) })),
        marketing_lists: lists
          .filter((l) => l.leadId === row.id)
          .map((l) => ({ lists: l.listIds, status: l.status, at: iso(l.createdAt) })),
      };
    }),
  );
  const requests = await db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.email, address))
    .orderBy(asc(privacyRequests.createdAt));
  const mails = await db
    .select({ subject: mailOutbox.subject, status: mailOutbox.status, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address));
  return {
    email: address,
    generated_at: now.toISOString(),
    applications,
    privacy_requests: requests.map((r) => ({
      reference: r.id,
      type: r.requestType,
      status: r.status,
      received_at: iso(r.createdAt),
      due_at: iso(r.dueAt),
      details: r.payload,
    })),
    emails_sent: mails.map((m) => ({ subject: m.subject, status: m.status, at: iso(m.createdAt) })),
  };
}

export type PersonalDataExport = Awaited<ReturnType<typeof personalDataExport>>;
