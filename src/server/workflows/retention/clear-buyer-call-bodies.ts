import { and, asc, inArray, isNull, lt, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { buyerCalls } from "../../platform/db/schema.ts";

// Buyer calls grow fastest of all the tables (every ping and post of every auction), and most of their size is
// the masked request and answer bodies, which matter for a few weeks of disputes and debugging. Past
// BUYER_CALL_BODY_DAYS the bodies are blanked; the row stays with its buyer, state, status, latency and price,
// so the console's figures, the reports and the ledger are unchanged (docs/decisions/0036-metrics-and-readiness.md).

/** Rows per update: short transactions, so the auction's own writes to the table never wait long. */
const BATCH = 1_000;
/** Updates per pass at most: a first pass on a large backlog spreads over the next passes instead of one long run. */
const MAX_BATCHES = 50;

export async function clearBuyerCallBodies(
  db: Db,
  options: { now: Date; days: number; batch?: number; maxBatches?: number },
): Promise<{ bodiesCleared: number }> {
  const cutoff = new Date(options.now.getTime() - options.days * 86_400_000);
  const size = options.batch ?? BATCH;
  let bodiesCleared = 0;
  for (let i = 0; i < (options.maxBatches ?? MAX_BATCHES); i++) {
    // Oldest first through buyer_calls_bodies_kept_idx; rows another process is clearing are skipped. A post
    // still in flight keeps its request: it may yet be resent.
    const due = db
      .select({ id: buyerCalls.id })
      .from(buyerCalls)
      .where(and(isNull(buyerCalls.bodiesClearedAt), lt(buyerCalls.createdAt, cutoff), ne(buyerCalls.state, "sending")))
      .orderBy(asc(buyerCalls.createdAt))
      .limit(size)
      .for("update", { skipLocked: true });
    const cleared = await db
      .update(buyerCalls)
      .set({ request: null, response: null, bodiesClearedAt: options.now })
      .where(inArray(buyerCalls.id, due))
      .returning({ id: buyerCalls.id });
    bodiesCleared += cleared.length;
    if (cleared.length < size) break;
  }
  return { bodiesCleared };
}
