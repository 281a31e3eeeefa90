import type { EventEmitter } from "node:events";
import { and, inArray, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { auctions } from "../../platform/db/schema.ts";

// Decisions made by another server process reach this one's waiting pings by a re-read of the auctions they
// wait on: one query for all of them every `intervalMs`, not one per waiting ping (a hundred pings waiting
// made a thousand reads a second, more than the auctions themselves: docs/decisions/0038-auction-cost.md).
// A decision made in this process wakes its pings at once through `decisions` without waiting for it.

export type DecisionWatch = {
  /** Re-reads this lead's auction until the returned function is called; a decision is emitted on `decisions`. */
  watch(leadId: string): () => void;
};

export function createDecisionWatch(
  db: Db,
  decisions: EventEmitter,
  intervalMs: number,
  warn: (message: string) => void,
  /** True while decisions arrive another way (NOTIFY): the re-read then waits. */
  heard: () => boolean = () => false,
): DecisionWatch {
  const waiting = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let reading = false;

  const reread = async () => {
    if (reading || heard()) return;
    reading = true;
    try {
      const rows = await db
        .select({ leadId: auctions.leadId })
        .from(auctions)
        .where(and(inArray(auctions.leadId, [...waiting.keys()]), ne(auctions.status, "pending")));
      for (const row of rows) decisions.emit(row.leadId);
    } catch (error) {
      warn(`decision re-read failed: ${(error as Error).name}`);
    } finally {
      reading = false;
    }
  };

  return {
    watch(leadId) {
      waiting.set(leadId, (waiting.get(leadId) ?? 0) + 1);
      if (!timer) {
        timer = setInterval(() => void reread(), intervalMs);
        timer.unref();
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const left = (waiting.get(leadId) ?? 1) - 1;
        if (left > 0) waiting.set(leadId, left);
        else waiting.delete(leadId);
        if (waiting.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}
