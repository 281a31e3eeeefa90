import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import {
  auctions,
  buyerCalls,
  leads,
  mailOutbox,
  marketingOutbox,
  privacyRequests,
  sensitiveReads,
  stepEvents,
} from "../db/schema.ts";
import { readCertificate } from "../consent/consent-certificate.ts";
import { leadContact } from "../leads/lead-view.ts";

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
  const [history, sales, calls, lists, reads] = await Promise.all([
    within(() => db.select().from(stepEvents).where(inArray(stepEvents.leadId, ids)).orderBy(asc(stepEvents.id))),
    within(() => db.select().from(auctions).where(inArray(auctions.leadId, ids))),
    within(() => db.select().from(buyerCalls).where(inArray(buyerCalls.leadId, ids)).orderBy(asc(buyerCalls.id))),
    within(() => db.select().from(marketingOutbox).where(inArray(marketingOutbox.leadId, ids))),
    within(() => db.select().from(sensitiveReads).where(inArray(sensitiveReads.leadId, ids))),
  ]);
  const applications = await Promise.all(
    rows.map(async (row) => {
      const sale = sales.find((s) => s.leadId === row.id);
      return {
        answers: { ...leadContact(row), status: row.status, created_at: iso(row.created_at) },
        answer_history: history
          .filter((e) => e.leadId === row.id)
          .map((e) => ({ step: e.slug, saved_at: iso(e.createdAt), changes: e.changes })),
        consents: (await readCertificate(db, row.id))?.consents ?? [],
        sale: sale
          ? { status: sale.status, buyer: sale.buyerId, decided_at: iso(sale.decidedAt), source: sale.attribution }
          : null,
        // Pings carry no name or contact details; a post carries the application.
        shared_with: calls
          .filter((c) => c.leadId === row.id)
          .map((c) => ({
            buyer: c.buyerId,
            what: c.kind === "post" ? "application" : "bid request without contact details",
            outcome: c.state,
            at: iso(c.createdAt),
          })),
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
