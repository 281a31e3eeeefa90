import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { inPeriod } from "../lead-scope/lead-scope.ts";
import { hashGrouped, rowsOf } from "./report-period.ts";
import {
  bucketOf,
  coveredTo,
  rebuildBlocks,
  rebuildSettled,
  REBUILD_SPAN_MS,
  splitAtMark,
  tiledBlocks,
} from "./rollup-buckets.ts";

// The publisher report's rollup (issue 32, "Reports"): each publisher's figures per 15-minute UTC bucket in
// publisher_rollup (schema.ts), rebuilt like the Today rollup (today-rollup.ts): whole buckets, delete and insert in
// one transaction under an advisory lock, exact as of its coverage mark ("publishers"). Every figure is counted at
// the time of its own event (an auction's creation, its decision, a ledger row's writing), so an event after the
// mark falls in a later bucket and no bucket before the mark changes: the report reads the blocks before the mark
// and the raw events after it, through the one definition below.

const COVERAGE = "publishers";
/** Any fixed number: the advisory lock that keeps rebuilds of this rollup one at a time. */
const LOCK_KEY = 32_017;

/** The report needs only a period's totals: blocks up to 4096 buckets (about 43 days), as the funnel's. */
const BLOCKS = {
  table: "publisher_rollup",
  widest: 4096,
  dims: ["publisher_id"],
  sums: ["applications", "sold", "payout_cents", "returns", "revenue_cents"],
};

export type PublisherSums = {
  applications: number;
  sold: number;
  payout_cents: number;
  returns: number;
  revenue_cents: number;
};

/** A lead is a publisher's when its submission carried the publisher's aff_id after the publisher was made. */
const credited = sql`join publishers p on p.aff_id = a.attribution->>'aff_id' and a.created_at >= p.created_at`;

/**
 * The publishers' events whose time `when` admits, one row each with what it adds, as the publisher's own view
 * (partners/publishers/publisher-figures.ts) and the partners' money (docs/decisions/0035-partners-money.md) count
 * them: applications by their submission, sales by their decision (test leads in neither), payouts earned less
 * reversed by their ledger rows, and the buyers' payments for its leads less the returns granted, with the returns'
 * count.
 */
const publisherEvents = (when: (column: SQL) => SQL): SQL => sql`
  select p.id as publisher_id, a.created_at as at, 1 as applications, 0 as sold, 0::bigint as payout_cents,
    0 as returns, 0::bigint as revenue_cents
  from auctions a ${credited}
  where not a.test_mode and ${when(sql`a.created_at`)}
  union all
  select p.id, a.decided_at, 0, 1, 0, 0, 0
  from auctions a ${credited}
  where a.status = 'accepted' and not a.test_mode and ${when(sql`a.decided_at`)}
  union all
  select e.publisher_id, e.at, 0, 0, e.amount_cents, 0, 0
  from ledger_entries e
  where e.kind in ('payout_earned', 'payout_reversed') and e.publisher_id is not null and ${when(sql`e.at`)}
  union all
  select p.id, e.at, 0, 0, 0, (e.kind = 'returned')::int, e.amount_cents
  from ledger_entries e join auctions a on a.lead_id = e.lead_id ${credited}
  where e.kind in ('sold', 'returned') and ${when(sql`e.at`)}`;

const sums = sql`sum(applications)::int8 as applications, sum(sold)::int8 as sold,
  sum(payout_cents)::int8 as payout_cents, sum(returns)::int8 as returns, sum(revenue_cents)::int8 as revenue_cents`;

/** Rebuilds the buckets from `spanMs` before the last mark (all on the first rebuild, or when null) to the settled mark. */
export async function rebuildPublisherRollup(
  db: Db,
  now: Date,
  spanMs: number | null = REBUILD_SPAN_MS,
): Promise<{ buckets: number }> {
  return rebuildSettled(db, { coverage: COVERAGE, lockKey: LOCK_KEY }, now, spanMs, async (range) => {
    const { tx, start, inRange } = range;
    await tx.execute(sql`delete from publisher_rollup r where r.span = 1 and ${inRange(sql`r.bucket`)}`);
    const [row] = await rowsOf<{ buckets: number | string }>(
      tx,
      sql`with counted as (
        insert into publisher_rollup (bucket, span, publisher_id, applications, sold, payout_cents, returns, revenue_cents)
        select ${bucketOf(sql`at`)}, 1, publisher_id, ${sums}
        from (${publisherEvents(inRange)}) x
        group by 1, publisher_id
        returning bucket
      ) select count(distinct bucket) as buckets from counted`,
    );
    // No bucket before the range changes (every event is bucketed by its own time): no late buckets.
    await rebuildBlocks(tx, BLOCKS, start, null);
    return { buckets: Number(row?.buckets ?? 0) };
  });
}

type SumRow = { publisher_id: string } & Record<keyof PublisherSums, number | string>;

const rawSums = (db: Db, from: number, to: number) =>
  rowsOf<SumRow>(
    db,
    sql`select publisher_id, ${sums}
    from (${publisherEvents((at) => inPeriod(at, new Date(from).toISOString(), new Date(to).toISOString()))}) x
    group by publisher_id`,
  );

const rolledUpSums = (db: Db, from: number, to: number) =>
  hashGrouped(db, () =>
    rowsOf<SumRow>(
      db,
      sql`select r.publisher_id, ${sums} from ${tiledBlocks(BLOCKS.table, from, to, BLOCKS.widest)}
      group by r.publisher_id`,
    ),
  );

/**
 * Each publisher's sums over [from, to): whole buckets before the rollup's mark from its blocks, the rest (a first
 * part-bucket, the tail after the mark) from the raw events. Read inside the caller's snapshot.
 */
export async function publisherSums(db: Db, from: Date, to: Date): Promise<Map<string, PublisherSums>> {
  const { rolled, raw } = splitAtMark(from.getTime(), to.getTime(), await coveredTo(db, COVERAGE));
  const parts = [
    ...(rolled ? [await rolledUpSums(db, rolled.from, rolled.to)] : []),
    ...(await Promise.all(raw.map((stretch) => rawSums(db, stretch.from, stretch.to)))),
  ];
  const byPublisher = new Map<string, PublisherSums>();
  for (const row of parts.flat()) {
    const into = byPublisher.get(row.publisher_id) ?? {
      applications: 0,
      sold: 0,
      payout_cents: 0,
      returns: 0,
      revenue_cents: 0,
    };
    for (const key of BLOCKS.sums as (keyof PublisherSums)[]) into[key] += Number(row[key]);
    byPublisher.set(row.publisher_id, into);
  }
  return byPublisher;
}
