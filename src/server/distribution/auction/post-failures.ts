import { and, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database.ts";
import { buyerPostFailures } from "../../platform/db/schema.ts";
import type { Buyer } from "./buyer-config.ts";
import type { CallOutcome } from "./buyer-http.ts";

// A buyer's failed posts in a row, for the pause after post errors (docs/product/buyer-money.md#pause-after-post-errors).
// Distribution only counts and says when a buyer has reached its limit; pausing it is the console's (app.ts wires it).

/** Told that a buyer's posts failed `inARow` times in a row, at or past its `pauseAfterPostErrors`. */
export type BuyerFailing = (buyer: Buyer, inARow: number) => Promise<void>;

/**
 * A post that got no answer: an error status, a timeout, a connection that failed (or that the outbound guard refused).
 * A rejection is an answer, and so is an answer that could not be read: the buyer is there, its mapping is at fault.
 */
const postFailed = (outcome: CallOutcome): boolean => !outcome.ok && !outcome.unreadable;

/**
 * One statement per post: a failure adds one to the buyer's count (its row made at the first), an answer sets it back
 * to 0 (writing nothing when it is 0 already). Answers the count after this post.
 */
export async function countPostOutcome(db: Db, buyerId: string, failed: boolean): Promise<number> {
  if (!failed) {
    await db
      .update(buyerPostFailures)
      .set({ inARow: 0, lastAt: sql`now()` })
      .where(and(eq(buyerPostFailures.buyerId, buyerId), gt(buyerPostFailures.inARow, 0)));
    return 0;
  }
  const [row] = await db
    .insert(buyerPostFailures)
    .values({ buyerId, inARow: 1, lastAt: sql`now()` })
    .onConflictDoUpdate({
      target: buyerPostFailures.buyerId,
      set: { inARow: sql`${buyerPostFailures.inARow} + 1`, lastAt: sql`now()` },
    })
    .returning({ inARow: buyerPostFailures.inARow });
  return row!.inARow;
}

/** The buyer's failed posts in a row now (0 without a row). */
export async function postFailuresInARow(db: Db | Tx, buyerId: string): Promise<number> {
  const [row] = await db
    .select({ inARow: buyerPostFailures.inARow })
    .from(buyerPostFailures)
    .where(eq(buyerPostFailures.buyerId, buyerId));
  return row?.inARow ?? 0;
}

/** A buyer resumed starts again from 0, so its first failure does not pause it again. */
export async function resetPostFailures(db: Db | Tx, buyerId: string): Promise<void> {
  await db
    .update(buyerPostFailures)
    .set({ inARow: 0, lastAt: sql`now()` })
    .where(and(eq(buyerPostFailures.buyerId, buyerId), gt(buyerPostFailures.inARow, 0)));
}

type Counting = { db: Db; warn: (message: string) => void; onBuyerFailing?: BuyerFailing | undefined };

/**
 * After a post's outcome, for a buyer with `pauseAfterPostErrors` only: counts it, and at the limit or past it (a post
 * in flight when it was paused fails on) warns and calls `onBuyerFailing`, whose pause does nothing to a paused buyer.
 * Never throws: the auction goes on whatever happens to this bookkeeping.
 */
export async function notePostOutcome(ctx: Counting, buyer: Buyer, outcome: CallOutcome): Promise<void> {
  const limit = buyer.pauseAfterPostErrors;
  if (limit === undefined) return;
  let inARow: number;
  try {
    inARow = await countPostOutcome(ctx.db, buyer.id, postFailed(outcome));
  } catch (error) {
    ctx.warn(`${buyer.id}: its failed posts could not be counted (${(error as Error).name})`);
    return;
  }
  if (inARow < limit) return;
  ctx.warn(`${buyer.id}: ${inARow} posts in a row failed, its limit is ${limit}: pausing it`);
  try {
    await ctx.onBuyerFailing?.(buyer, inARow);
  } catch (error) {
    ctx.warn(`${buyer.id}: could not be paused after ${inARow} failed posts (${(error as Error).name})`);
  }
}
