import { eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { leads, mailOutbox, privacyRequests } from "../../platform/db/schema.ts";
import { queueContactRemoval } from "../../platform/outbox/marketing-outbox.ts";
import { eraseMails } from "../../platform/mail/mail-outbox.ts";
import { eraseLeads } from "./erase-leads.ts";
import { leaveTombstones } from "../../compliance/suppression.ts";

// A confirmed delete request (docs/product/privacy-requests.md#delete): every lead of the verified e-mail
// loses what says who the person was (erase-leads.ts), and so do the person's privacy requests and mails.
// What stays is a tombstone of keyed hashes of the e-mail and every phone, so a later application from the
// same person is still never sold or mailed. One transaction: all of it or nothing.

export type ErasureReport = { leads: number; requests: number; mails: number };

export async function erasePerson(
  db: Db,
  secret: Buffer,
  request: { id: string; email: string; phone: string | null },
  now = new Date(),
): Promise<ErasureReport> {
  const email = request.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: leads.id,
        email: leads.email,
        cell: leads.cell_phone,
        home: leads.home_phone,
        work: leads.work_phone,
      })
      .from(leads)
      .where(or(eq(leads.email, email), sql`lower(${leads.email}) = ${email}`));
    // The person's own requests: the one confirmed and every other under the verified e-mail (a phone
    // alone was never verified, so a request of someone else who typed the same phone stays whole).
    const theirs = await tx
      .select({ id: privacyRequests.id, phone: privacyRequests.phone })
      .from(privacyRequests)
      .where(or(eq(privacyRequests.id, request.id), eq(privacyRequests.email, email)));
    const phones = [
      request.phone,
      ...theirs.map((r) => r.phone),
      ...found.flatMap((lead) => [lead.cell, lead.home, lead.work]),
    ];
    await leaveTombstones(tx, secret, [{ email, phones }]);
    // A contact Brevo may hold must go from Brevo too: the marketing sync deletes it there (marketing.md#removal).
    for (const address of new Set([email, ...found.map((lead) => lead.email?.toLowerCase())])) {
      if (address) await queueContactRemoval(tx, address);
    }
    await eraseLeads(
      tx,
      found.map((lead) => lead.id),
      { status: "erased", keepConsentEvidence: false },
    );

    // Those requests keep their type and dates (the record that they were honoured), nothing else, and are
    // done: an erased person has nothing left to show, correct or delete.
    const requests = await tx
      .update(privacyRequests)
      .set({
        email: null,
        phone: null,
        payload: {},
        ip: null,
        dedupeKey: sql`'erased:' || ${privacyRequests.id}`,
        status: "completed",
        verifiedAt: sql`coalesce(${privacyRequests.verifiedAt}, ${now})`,
        completedAt: sql`coalesce(${privacyRequests.completedAt}, ${now})`,
      })
      .where(
        inArray(
          privacyRequests.id,
          theirs.map((r) => r.id),
        ),
      )
      .returning({ id: privacyRequests.id });

    // Mails to the person: a pending one is never sent; every one loses its address and text.
    const mails = await eraseMails(tx, eq(mailOutbox.toAddress, email));
    return { leads: found.length, requests: requests.length, mails: mails.length };
  });
}
