import { and, inArray, isNull } from "drizzle-orm";
import type { OperatorRole } from "../../../domain/console/roles.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { operators } from "../../platform/db/schema.ts";
import { queueMail } from "../../platform/mail/mail-outbox.ts";
import { postFailuresInARow } from "../../distribution/auction/post-failures.ts";
import type { Actor } from "../audit/audit-log.ts";
import { findBuyer, lockBuyerVersions, writeVersion, type Seeds } from "./buyer-store.ts";

// The pause after post errors (docs/product/buyer-money.md#pause-after-post-errors): the auction counts a buyer's
// failed posts and says when it reached its limit; the buyer is paused here as an operator's pause is, a version
// with its audit entry, credited to no operator, and the owners and managers are mailed in the same transaction.

/** Who the pause's version and audit entry are credited to. */
const AUTO_PAUSE_ACTOR: Actor = { id: null, email: "(auto-pause)" };
export const AUTO_PAUSE_MAIL = "buyer_auto_pause";
/** The operators told: those who may resume it (buyers:write). */
const ALERTED: OperatorRole[] = ["owner", "manager"];

async function alertOperators(tx: Tx, buyer: { id: string; name: string }, inARow: number, limit: number) {
  const to = await tx
    .select({ email: operators.email })
    .from(operators)
    .where(and(inArray(operators.role, ALERTED), isNull(operators.disabledAt)));
  for (const { email } of to) {
    await queueMail(tx, {
      purpose: AUTO_PAUSE_MAIL,
      to: email,
      subject: `Loanpath: buyer ${buyer.name} paused after ${inARow} failed posts`,
      body:
        `The buyer ${buyer.name} (${buyer.id}) was paused by itself: its last ${inARow} posts failed in a row ` +
        `(error answers, timeouts or failed connections), and its limit is ${limit}.\n\n` +
        `It is offered no leads until it is resumed in the console (Buyers, ${buyer.id}, Resume). ` +
        `Its calls on the lead timelines say how they failed; check its endpoint with the console's test call first.\n`,
    });
  }
}

/**
 * Pauses a buyer whose posts failed its limit's number of times in a row. Only a buyer still enabled, still with the
 * setting and still at its limit is paused, under the lock of its versions: two processes at once write one version,
 * and a resume (which sets the count back to 0 under the same lock) is not undone by a failure counted before it.
 * Answers the count it was paused at, or undefined when it was not.
 */
export async function pauseFailingBuyer(db: Db, seeds: Seeds, buyerId: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await lockBuyerVersions(tx, buyerId);
    const before = await findBuyer(tx, seeds, buyerId);
    const limit = before?.config.pauseAfterPostErrors;
    if (!before?.config.enabled || limit === undefined) return undefined;
    const inARow = await postFailuresInARow(tx, buyerId);
    if (inARow < limit) return undefined;
    await writeVersion(tx, AUTO_PAUSE_ACTOR, {
      action: "buyer.pause",
      buyer: { ...before.config, enabled: false },
      before,
      note: `paused by itself after ${inARow} failed posts in a row (its limit: ${limit})`,
      details: { in_a_row: inARow, limit },
    });
    await alertOperators(tx, before.config, inARow, limit);
    return inARow;
  });
}
