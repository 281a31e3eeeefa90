import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import {
  leads,
  mailOutbox,
  marketingErasures,
  marketingOutbox,
  privacyRequests,
  suppressionTombstones,
} from "../db/schema.ts";
import { eraseLeads } from "./erase-leads.ts";
import { tombstoneHashes } from "./suppression.ts";

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
    const phones = [request.phone, ...found.flatMap((lead) => [lead.cell, lead.home, lead.work])];
    const hashes = tombstoneHashes(secret, { email, phones });
    if (hashes.length > 0) {
      await tx
        .insert(suppressionTombstones)
        .values(hashes.map((hash) => ({ hash })))
        .onConflictDoNothing();
    }
    // A contact Brevo took must go from Brevo too: the marketing sync deletes it there (marketing.md#erasure).
    const ids = found.map((lead) => lead.id);
    if (ids.length > 0) {
      const [synced] = await tx
        .select({ id: marketingOutbox.id })
        .from(marketingOutbox)
        .where(and(inArray(marketingOutbox.leadId, ids), eq(marketingOutbox.status, "sent")))
        .limit(1);
      if (synced) {
        const addresses = new Set(found.map((lead) => lead.email).filter((e): e is string => !!e));
        await tx.insert(marketingErasures).values([...addresses].map((address) => ({ email: address })));
      }
    }
    await eraseLeads(
      tx,
      found.map((lead) => lead.id),
      { status: "erased", keepConsentEvidence: false },
    );

    // The person's own requests keep their type and dates (the record that they were honoured), nothing else.
    const digits = [...new Set(phones.map((p) => p?.replace(/\D/g, "") ?? "").filter(Boolean))];
    const requests = await tx
      .update(privacyRequests)
      .set({
        email: null,
        phone: null,
        payload: {},
        ip: null,
        dedupeKey: sql`'erased:' || ${privacyRequests.id}`,
      })
      .where(
        or(
          eq(privacyRequests.id, request.id),
          eq(privacyRequests.email, email),
          digits.length > 0 ? inArray(privacyRequests.phone, digits) : undefined,
        ),
      )
      .returning({ id: privacyRequests.id });
    await tx
      .update(privacyRequests)
      .set({ status: "completed", verifiedAt: now, completedAt: now })
      .where(eq(privacyRequests.id, request.id));

    // Mails to the person: a pending one is never sent; every one loses its address and text.
    const mails = await tx
      .update(mailOutbox)
      .set({
        toAddress: null,
        body: null,
        status: sql`case when ${mailOutbox.status} = 'pending' then 'erased' else ${mailOutbox.status} end`,
      })
      .where(eq(mailOutbox.toAddress, email))
      .returning({ id: mailOutbox.id });
    return { leads: found.length, requests: requests.length, mails: mails.length };
  });
}
