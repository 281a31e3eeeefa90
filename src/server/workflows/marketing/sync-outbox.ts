import type { Db } from "../../platform/db/database.ts";
import { findLead } from "../../intake/leads/lead-store.ts";
import { workThrough } from "../../platform/outbox/claim-due.ts";
import { retryDelayMs } from "../../platform/outbox/retry-delay.ts";
import { isSuppressed } from "../../compliance/suppression.ts";
import type { MarketingLists } from "./brevo-client.ts";
import {
  claimDueEntries,
  claimDueErasures,
  queueContactRemoval,
  dropErasure,
  finishEntry,
  releaseEntries,
  releaseErasures,
  retryEntryAt,
  retryErasureAt,
  type OutboxEntry,
} from "../../platform/outbox/marketing-outbox.ts";

// One pass of the marketing sync (docs/product/marketing.md): every entry due is sent to Brevo with the
// lead's e-mail, names and loan reason as they are now, unless the person opted out since (then it is
// never sent). An outage is retried with growing pauses, so a long one loses nothing; an entry is marked
// sent only after Brevo took it, and Brevo takes the same contact twice as once.

const BATCH = 50;
/** Longer than one Brevo call can take (its timeout is 10 s): a claimed entry is not taken again meanwhile. */
const CLAIM_LEASE_MS = 60_000;
/** A pass starts no call with less than this of its claim left: a Brevo call's timeout, and some. */
const CALL_MS = 15_000;

/** `handedBack`: claimed, then left for the next pass because the process is stopping. */
export type SyncReport = {
  sent: number;
  suppressed: number;
  failed: number;
  retrying: number;
  erased: number;
  handedBack?: number;
};

export type MarketingSync = { db: Db; lists: MarketingLists; tokenSecret: Buffer };

export async function syncMarketingOutbox(
  sync: MarketingSync,
  now: Date = new Date(),
  stopping: () => boolean = () => false,
): Promise<SyncReport> {
  const report: SyncReport = { sent: 0, suppressed: 0, failed: 0, retrying: 0, erased: 0 };
  const started = performance.now();
  // Once stopping, the rows not yet sent go to the next pass of any process, not to the end of their claim.
  const entries = await claimDueEntries(sync.db, now, BATCH, CLAIM_LEASE_MS);
  let handedBack = await workThrough(
    entries,
    { stopping, claimLeftMs: CLAIM_LEASE_MS - CALL_MS },
    (ids) => releaseEntries(sync.db, ids, { now, leaseMs: CLAIM_LEASE_MS }),
    async (entry) => void report[await sendEntry(sync, entry, now)]++,
  );
  // Erased people's contacts are deleted at Brevo; an outage is retried like any entry.
  if (!stopping()) {
    // Claimed as of now, the time the entries took added: a claim dated from the pass's start could already be over.
    const later = new Date(now.getTime() + (performance.now() - started));
    const erasures = await claimDueErasures(sync.db, later, BATCH, CLAIM_LEASE_MS);
    handedBack += await workThrough(
      erasures,
      { stopping, claimLeftMs: CLAIM_LEASE_MS - CALL_MS },
      (ids) => releaseErasures(sync.db, ids, { now: later, leaseMs: CLAIM_LEASE_MS }),
      async (erasure) => {
        const result = await sync.lists.deleteContact(erasure.email);
        if (result.ok) {
          await dropErasure(sync.db, erasure.id);
          report.erased++;
        } else {
          // Even a refusal (a key rotated, revoked) is tried again: this row is the only record that the
          // person must leave Brevo, so it stays until Brevo confirms.
          await retryErasureAt(
            sync.db,
            erasure.id,
            new Date(later.getTime() + retryDelayMs(erasure.attempts)),
            result.reason,
          );
          report.retrying++;
        }
      },
    );
  }
  if (handedBack > 0) report.handedBack = handedBack;
  return report;
}

async function sendEntry(
  { db, lists, tokenSecret }: MarketingSync,
  entry: OutboxEntry,
  now: Date,
): Promise<keyof SyncReport> {
  const lead = await findLead(db, entry.leadId);
  if (!lead?.email) {
    await finishEntry(db, entry.id, "failed", now, "no e-mail on the lead");
    return "failed";
  }
  const contact = { email: lead.email, phones: [lead.cell_phone, lead.home_phone, lead.work_phone] };
  if (await isSuppressed(db, tokenSecret, contact)) {
    await finishEntry(db, entry.id, "suppressed", now);
    return "suppressed";
  }
  const result = await lists.upsertContact({
    email: lead.email,
    attributes: {
      FIRSTNAME: lead.first_name ?? undefined,
      LASTNAME: lead.last_name ?? undefined,
      LOANREASON: lead.loan_reason ?? undefined,
    },
    listIds: entry.listIds,
    updateEnabled: entry.updateEnabled,
  });
  if (result.ok) {
    await finishEntry(db, entry.id, "sent", now);
    // An opt-out that landed while Brevo was being called: the contact is taken off again.
    if (await isSuppressed(db, tokenSecret, contact)) {
      await queueContactRemoval(db, lead.email.toLowerCase());
    }
    return "sent";
  }
  if (!result.retry) {
    await finishEntry(db, entry.id, "failed", now, result.reason);
    return "failed";
  }
  await retryEntryAt(db, entry.id, new Date(now.getTime() + retryDelayMs(entry.attempts)), result.reason);
  return "retrying";
}
