import { and, eq, inArray, sql } from "drizzle-orm";
import { ATTRIBUTION_KEYS } from "#domain/attribution.ts";
import { isSensitiveField, type ServerField } from "#domain/fields/lead-fields.ts";
import { ERASED_FIELDS } from "#domain/fields/field-exposure.ts";
import type { Tx } from "../../platform/db/database.ts";
import {
  auctions,
  buyerCalls,
  clientLogs,
  consentRecords,
  leadReminders,
  leads,
  leadSearchHashes,
  mailOutbox,
  marketingOutbox,
  stepEvents,
} from "../../platform/db/schema.ts";
import { encryptedColumn, last4Column } from "../../intake/leads/lead-columns.ts";
import { eraseMails } from "../../platform/mail/mail-outbox.ts";

// What erasing a lead removes, for the retention purge and for a delete request alike
// (docs/product/privacy-requests.md#delete): everything that says who the person is, everywhere it was
// copied. What identifies no one stays for the figures: amount, reason, state, income band, the sale, the
// source it came from.

/**
 * The lead columns that say who the person is, or narrow them down once put together: every field the
 * registry marks `erased` (src/domain/fields/lead-fields.ts: every contact and restricted field, and the ping
 * fields such as zip, job title, bank and pay dates), with the encrypted and last-four columns of the
 * sensitive ones. State, amount, reason and income band stay.
 */
export const IDENTIFYING_COLUMNS: readonly string[] = ERASED_FIELDS.flatMap((field: ServerField) => {
  if (!isSensitiveField(field)) return [field];
  const last4 = last4Column(field);
  return last4 ? [encryptedColumn(field), last4] : [encryptedColumn(field)];
});

/** The traffic source of a sale, kept after an erasure; the sub ids and click ids may point at a person. */
const SOURCE_KEYS = ATTRIBUTION_KEYS.filter((key) => !/^aff_sub\d$|^clickid$/.test(key));

/** Matches no lead token (a stored hash is 64 hex digits), so a browser still holding one opens nothing. */
const NO_ACCESS = "erased";

/**
 * Erases the leads `ids` inside the caller's transaction. `keepConsentEvidence` (the retention purge) keeps
 * each consent record whole for its 5 years; a delete request keeps what was consented to, when and where,
 * but not the IP or browser (docs/decisions/0021-privacy-requests.md).
 */
export async function eraseLeads(
  tx: Tx,
  ids: readonly string[],
  options: { status: "purged" | "erased"; keepConsentEvidence: boolean },
): Promise<{ stepEvents: number }> {
  if (ids.length === 0) return { stepEvents: 0 };
  const list = [...ids];
  const cleared = Object.fromEntries(IDENTIFYING_COLUMNS.map((column) => [column, null]));
  await tx
    .update(leads)
    .set({ ...cleared, status: options.status, accessTokenHash: NO_ACCESS })
    .where(inArray(leads.id, list));
  // The lead row stays (its figures), so its search hashes do not go by cascade: once erased, no e-mail or
  // phone finds it in the console.
  await tx.delete(leadSearchHashes).where(inArray(leadSearchHashes.leadId, list));
  // The step history holds the answers as typed (sensitive ones masked).
  const events = await tx.delete(stepEvents).where(inArray(stepEvents.leadId, list)).returning({ id: stepEvents.id });
  // The keyed hashes served the duplicate checks; the source stays so the sale still counts for it.
  const sourceOnly = sql`coalesce((select jsonb_object_agg(key, value) from jsonb_each(${auctions.attribution})
    where key in (${sql.join(
      SOURCE_KEYS.map((key) => sql`${key}`),
      sql`, `,
    )})), '{}'::jsonb)`;
  await tx
    .update(auctions)
    .set({
      emailHash: null,
      phoneHash: null,
      ssnHash: null,
      deviceHash: null,
      ipHash: null,
      redirectUrl: null,
      rejectUrl: null,
      attribution: sourceOnly,
    })
    .where(inArray(auctions.leadId, list));
  // A buyer's answer may echo the person (a name, an offer address with an e-mail in it); the masked
  // request is dropped too. Status, price and timing stay for the figures.
  await tx
    .update(buyerCalls)
    .set({ request: null, response: null, redirectUrl: null })
    .where(inArray(buyerCalls.leadId, list));
  await tx.delete(clientLogs).where(inArray(clientLogs.leadId, list));
  // A list addition still waiting is never sent; one sent stays on record as sent.
  await tx
    .update(marketingOutbox)
    .set({ status: "suppressed", lastError: "erased" })
    .where(and(inArray(marketingOutbox.leadId, list), eq(marketingOutbox.status, "pending")));
  // A reminder to finish the application (docs/product/mail.md#reminders) still waiting is never sent; every
  // one loses its address and its links.
  const reminderMails = tx
    .select({ id: sql<number>`${leadReminders.mailId}` })
    .from(leadReminders)
    .where(inArray(leadReminders.leadId, list));
  await eraseMails(tx, inArray(mailOutbox.id, reminderMails));
  if (!options.keepConsentEvidence) {
    await tx.update(consentRecords).set({ ip: null, userAgent: null }).where(inArray(consentRecords.leadId, list));
  }
  return { stepEvents: events.length };
}
