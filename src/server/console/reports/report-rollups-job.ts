import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db/database.ts";
import { runEvery } from "../../platform/jobs/run-every.ts";
import { rebuildBuyerRollup } from "./buyer-rollup.ts";
import { rebuildFunnelRollup } from "./funnel-rollup.ts";
import { rebuildPublisherRollup } from "./publisher-rollup.ts";
import { rebuildTodayRollup } from "./today-rollup.ts";

/**
 * An erasure (workflows/privacy/erase-leads.ts) rewrites an old auction's attribution (its affiliate and sub id go), which no rebuild of the
 * last day sees: every few hours the whole reporting horizon (the 30 days preset and a day) is rebuilt. Older buckets,
 * which a custom range, last month or a comparison may read, keep the dimensions of their last rebuild
 * (docs/decisions/0047-report-periods-and-profit.md).
 */
const HORIZON_DAYS = 31;
const HORIZON_EVERY_MS = 6 * 60 * 60 * 1000;
const HORIZON_MS = HORIZON_DAYS * 24 * 60 * 60 * 1000;

/**
 * Every report rollup rebuilt once, from `spanMs` before each one's mark (its default reach when undefined, all of it
 * when null; a rollup never rebuilt is rebuilt whole): what the timed job runs, and the seed and the bench after it.
 */
export async function rebuildReportRollups(db: Db, at: Date, spanMs?: number | null) {
  const today = await rebuildTodayRollup(db, at, spanMs);
  const funnel = await rebuildFunnelRollup(db, at, spanMs);
  const buyers = await rebuildBuyerRollup(db, at, spanMs);
  const publishers = await rebuildPublisherRollup(db, at, spanMs);
  return {
    today_buckets: today.buckets,
    funnel_buckets: funnel.buckets,
    buyer_buckets: buyers.buckets,
    publisher_buckets: publishers.buckets,
  };
}

// The reports' rollups rebuilt (today-rollup.ts, funnel-rollup.ts, buyer-rollup.ts, publisher-rollup.ts), in every process that serves the console: the rebuild is idempotent
// and takes a lock, so processes rebuilding at once only repeat each other. The report is right without them (it
// reads the raw rows after the rollup's mark), only slower.
//
// Every `everyMinutes` (REPORT_ROLLUP_MINUTES, 5 by default: often enough that the raw tail the report reads stays
// near the settle time); 0 in a process that leaves the rebuilds to others, and in tests that write rows dated in
// the past, which a timed rebuild could roll up before all of them are written.
export function scheduleReportRollups(app: FastifyInstance, db: Db, now: () => Date, everyMinutes: number) {
  if (everyMinutes === 0) return;
  const rebuild = (spanMs?: number) => rebuildReportRollups(db, now(), spanMs);
  runEvery(app, { name: "report rollups", everyMs: everyMinutes * 60_000, firstAfterMs: 15_000 }, () => rebuild());
  runEvery(app, { name: "report rollups horizon", everyMs: HORIZON_EVERY_MS }, () => rebuild(HORIZON_MS));
}
