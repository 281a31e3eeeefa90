import { and, asc, eq, inArray, lte, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";

// How every outbox (marketing list additions, Brevo removals, mail) hands out work: up to `limit` rows due at
// `now`, oldest first, each claimed by pushing its next attempt past a lease. Two processes never take the
// same row at once (skip locked), and a row whose process dies mid-send is taken again once its lease ends.
type OutboxTable = PgTable & { id: PgColumn; nextAttemptAt: PgColumn };

export async function claimDue<T extends OutboxTable>(
  db: Db,
  table: T,
  claim: { now: Date; limit: number; leaseMs: number; ready?: SQL },
): Promise<T["$inferSelect"][]> {
  const { now, limit, leaseMs, ready } = claim;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(ready, lte(table.nextAttemptAt, now)))
      .orderBy(asc(table.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(table as PgTable)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) } as never)
      .where(
        inArray(
          table.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return rows as T["$inferSelect"][];
  });
}

/**
 * Hands rows claimed with `claim` back at once (due again at its `now`): a process that stops mid-pass leaves the
 * rows it has not sent to the next pass of any process, instead of to the end of their lease. Only rows still under
 * this claim: one whose lease ran out meanwhile may have been claimed, or sent, by another process.
 */
export async function releaseClaims<T extends OutboxTable>(
  db: Db,
  table: T,
  ids: number[],
  claim: { now: Date; leaseMs: number },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(table as PgTable)
    .set({ nextAttemptAt: claim.now } as never)
    .where(and(inArray(table.id, ids), eq(table.nextAttemptAt, new Date(claim.now.getTime() + claim.leaseMs))));
}

/**
 * Works through claimed rows one call at a time, as an outbox's pass does, and hands the rest back (`handBack`, with
 * releaseClaims) instead of starting another call once `stopping()` (the process closes) or once less than one call's
 * time is left of the claim (`claimLeftMs`: the lease less the longest call): past its lease another process may
 * claim the rows this pass still holds, and both would send them. Answers how many were handed back.
 */
export async function workThrough<Row extends { id: number }>(
  rows: Row[],
  options: { stopping: () => boolean; claimLeftMs: number },
  handBack: (ids: number[]) => Promise<void>,
  each: (row: Row) => Promise<void>,
): Promise<number> {
  const until = performance.now() + options.claimLeftMs;
  for (const [i, row] of rows.entries()) {
    if (options.stopping() || performance.now() >= until) {
      const rest = rows.slice(i).map((r) => r.id);
      await handBack(rest);
      return rest.length;
    }
    await each(row);
  }
  return 0;
}
