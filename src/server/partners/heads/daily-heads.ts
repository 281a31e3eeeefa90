import type { FastifyInstance } from "fastify";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { ledgerHeadsHandedOut, publishers } from "../../platform/db/schema.ts";
import { runEvery } from "../../platform/jobs/run-every.ts";
import { queueHeadPostback } from "../postbacks/postback-outbox.ts";
import type { ReceiptKey } from "../receipts/receipt-key.ts";
import { signedHeadNow } from "../receipts/signed-head.ts";
import { dayOccasion, recordHandedOut } from "./handed-out-heads.ts";

// The daily hand-out of the signed head (docs/decisions/0042-signed-heads-handed-out.md): each enabled publisher
// gets the day's head once, by a signed `ledger_head` postback when it has a postback address, else recorded for the
// publisher API (GET /api/publisher/ledger/heads). Publishers have no e-mail address in the product, so there is
// no mail. The record and the postback are one transaction; the record's unique occasion makes every process safe
// to run it, and a pass that finds every publisher served signs nothing.

export type DailyHeadsReport = { postback: number; api: number };

export async function handOutDailyHeads(db: Db, key: ReceiptKey, now: Date): Promise<DailyHeadsReport> {
  const report: DailyHeadsReport = { postback: 0, api: 0 };
  const handedFor = dayOccasion(now);
  const enabled = await db
    .select({ id: publishers.id, affId: publishers.affId, url: publishers.postbackUrl })
    .from(publishers)
    .where(eq(publishers.enabled, true));
  if (enabled.length === 0) return report;
  const served = await db
    .select({ id: ledgerHeadsHandedOut.publisherId })
    .from(ledgerHeadsHandedOut)
    .where(
      and(
        eq(ledgerHeadsHandedOut.handedFor, handedFor),
        inArray(
          ledgerHeadsHandedOut.publisherId,
          enabled.map((p) => p.id),
        ),
      ),
    );
  const done = new Set(served.map((s) => s.id));
  const due = enabled.filter((p) => !done.has(p.id));
  if (due.length === 0) return report;
  const signed = await signedHeadNow(db, key, now);
  for (const publisher of due) {
    const channel = publisher.url ? "postback" : "api";
    const handed = await db.transaction(async (tx) => {
      const fresh = await recordHandedOut(tx, { signed, publisherId: publisher.id, channel, handedFor, now });
      if (fresh && publisher.url)
        await queueHeadPostback(tx, { ...publisher, url: publisher.url }, signed, handedFor.slice("day ".length));
      return fresh;
    });
    if (handed) report[channel] += 1;
  }
  return report;
}

/** How often the pass looks (the first one too): the first pass of a UTC day hands the day's head out. */
const EVERY_MS = 10 * 60_000;

export function scheduleDailyHeads(app: FastifyInstance, deps: { db: Db; key: ReceiptKey; now: () => Date }): void {
  // The first pass a minute after the start, not a whole interval: processes restarted more often than that
  // (deploys, scaling) would otherwise never hand out the day's head.
  runEvery(app, { name: "ledger heads", everyMs: EVERY_MS, firstAfterMs: Math.min(60_000, EVERY_MS) }, () =>
    handOutDailyHeads(deps.db, deps.key, deps.now()),
  );
}
