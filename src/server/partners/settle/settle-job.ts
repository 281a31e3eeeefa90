import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db/database.ts";
import { runEvery } from "../../platform/jobs/run-every.ts";
import type { PostbackSink } from "../postbacks/postback-events.ts";
import type { ReceiptKey } from "../receipts/receipt-key.ts";
import { closeMonth, previousMonth } from "../statements/statement-store.ts";
import { finalizeDuePayouts } from "./payout-finals.ts";
import { settleAuctions } from "./settle-auctions.ts";

/**
 * One settle pass: the auctions' new events, then the payouts whose hold has ended, then last month's statements
 * closed if they are not yet. Safe in every process at once
 * (a lock lets one work, the others skip a turn) and safe to run again (each event is marked once).
 */
export async function settlePass(db: Db, deps: { sink: PostbackSink; key: ReceiptKey; now: Date }) {
  const events = await settleAuctions(db, deps);
  const payouts = await finalizeDuePayouts(db, { now: deps.now });
  const closed = await closeMonth(db, deps.key, previousMonth(deps.now), deps.now);
  return { ...events, final: payouts.final, reversed_on_hold: payouts.reversed, statements_closed: closed };
}

/**
 * Every `everyMs` (PARTNERS_JOB_SECONDS, 5 s by default: often enough that a publisher's postback follows a sale
 * within seconds).
 */
export function scheduleSettle(
  app: FastifyInstance,
  deps: { db: Db; sink: PostbackSink; key: ReceiptKey; now: () => Date; everyMs: number },
) {
  runEvery(app, { name: "partners settle", everyMs: deps.everyMs, firstAfterMs: Math.min(1_000, deps.everyMs) }, () =>
    settlePass(deps.db, { sink: deps.sink, key: deps.key, now: deps.now() }),
  );
}
