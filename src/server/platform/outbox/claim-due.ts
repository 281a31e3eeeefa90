import { and, asc, inArray, lte, type SQL } from "drizzle-orm";
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
