import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { auctions, publisherPings } from "../../platform/db/schema.ts";

// A publisher's figures over whole days of the reader's time zone (docs/product/partners.md#a-publishers-own-view):
// clicks from the tracking links, completed applications and sales from its leads' submissions (test leads never
// count), and the money from the ledger, the one record both sides can check. Counts and cents only: no lead, no
// person. Clicks are kept per UTC day (no time of day is stored): a UTC day's clicks belong to the local day that
// holds its noon, which for every zone within twelve hours of UTC is the day of the same date. A lead counts only
// when its application came after the publisher was made, as the settle pass credits it (publisher-store.ts,
// creditedWith).

export type PublisherFigures = {
  clicks: number;
  completed: number;
  sold: number;
  /** Payouts earned (payout_earned rows). */
  earned_cents: number;
  /** Of those, what is still on hold: neither final nor reversed yet. */
  pending_cents: number;
  /** Payouts made final (payout_final rows). */
  final_cents: number;
  /** Payouts taken back by approved returns (payout_reversed rows, negative). */
  reversed_cents: number;
  /** Its leads' returns the buyers had approved. */
  returns: number;
};

export type FiguresKey = "day" | "sub1" | "all";

export const noPublisherFigures = (): PublisherFigures => ({
  clicks: 0,
  completed: 0,
  sold: 0,
  earned_cents: 0,
  pending_cents: 0,
  final_cents: 0,
  reversed_cents: 0,
  returns: 0,
});

/** `YYYY-MM-DD` (UTC) of `at`. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** `[from, to)`, whole days of `tz` (an IANA name), whose days key the figures by day. */
export type Range = { from: Date; to: Date; tz: string };
type Who = { id: string; aff_id: string; created_at: string };

const dayOf = (column: SQL, tz: string) => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD')`;
const sub1Of = (alias: string) => sql.raw(`coalesce(${alias}.attribution->>'aff_sub1', '')`);

function keyOf(by: FiguresKey, time: SQL, alias: string, tz: string): SQL {
  if (by === "day") return dayOf(time, tz);
  if (by === "sub1") return sub1Of(alias);
  return sql`'all'`;
}

type Keyed = { key: string } & Record<string, string | number | null>;
const rowsOf = (result: unknown) => (result as { rows: Keyed[] }).rows;

/** publisher_clicks' days that count in `range`: those whose noon falls in it. */
export const clickDaysIn = (range: Range): SQL => sql`day >= ${utcDay(new Date(range.from.getTime() - DAY_MS))}
  and day <= ${utcDay(range.to)}
  and (day::date + time '12:00') at time zone 'UTC' >= ${range.from.toISOString()}
  and (day::date + time '12:00') at time zone 'UTC' < ${range.to.toISOString()}`;

/** Figures per day, per sub1 value or in all over `[from, to)`, keyed accordingly ("all" for all). */
export async function publisherFigures(
  db: Db,
  who: Who,
  range: Range,
  by: FiguresKey,
): Promise<Map<string, PublisherFigures>> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const clickKey = by === "day" ? sql`day` : by === "sub1" ? sql`sub1` : sql`'all'`;
  const [clicks, submitted, sold, money] = await Promise.all([
    db.execute(sql`
      select ${clickKey} as key, sum(clicks) as clicks from publisher_clicks
      where publisher_id = ${who.id} and ${clickDaysIn(range)}
      group by 1`),
    db.execute(sql`
      select ${keyOf(by, sql`a.created_at`, "a", range.tz)} as key, count(*) as completed from auctions a
      where a.attribution->>'aff_id' = ${who.aff_id} and not a.test_mode
        and a.created_at >= ${from} and a.created_at < ${to} and a.created_at >= ${who.created_at}
      group by 1`),
    db.execute(sql`
      select ${keyOf(by, sql`a.decided_at`, "a", range.tz)} as key, count(*) as sold from auctions a
      where a.attribution->>'aff_id' = ${who.aff_id} and not a.test_mode and a.status = 'accepted'
        and a.decided_at >= ${from} and a.decided_at < ${to} and a.created_at >= ${who.created_at}
      group by 1`),
    db.execute(sql`
      select ${keyOf(by, sql`l.at`, "a", range.tz)} as key,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'payout_earned'), 0) as earned,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'payout_earned' and not exists (
          select 1 from ledger_entries o
          where o.lead_id = l.lead_id and o.kind in ('payout_final', 'payout_reversed'))), 0) as pending,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'payout_final'), 0) as final,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'payout_reversed'), 0) as reversed,
        count(*) filter (where l.kind = 'returned') as returns
      from ledger_entries l left join auctions a on a.lead_id = l.lead_id
      where l.at >= ${from} and l.at < ${to}
        and (l.publisher_id = ${who.id} or (l.kind = 'returned' and a.attribution->>'aff_id' = ${who.aff_id}
          and a.created_at >= ${who.created_at}))
      group by 1`),
  ]);
  const figures = new Map<string, PublisherFigures>();
  const of = (key: string) => {
    let f = figures.get(key);
    if (!f) figures.set(key, (f = noPublisherFigures()));
    return f;
  };
  for (const r of rowsOf(clicks)) of(r.key).clicks = Number(r.clicks);
  for (const r of rowsOf(submitted)) of(r.key).completed = Number(r.completed);
  for (const r of rowsOf(sold)) of(r.key).sold = Number(r.sold);
  for (const r of rowsOf(money)) {
    const f = of(r.key);
    f.earned_cents = Number(r.earned);
    f.pending_cents = Number(r.pending);
    f.final_cents = Number(r.final);
    f.reversed_cents = Number(r.reversed);
    f.returns = Number(r.returns);
  }
  return figures;
}

const instant = (ms: number | string) => new Date(Number(ms));

// PostgreSQL does the zone arithmetic (`AT TIME ZONE`), as it does for the reports, so daylight-saving days are
// 23 or 25 hours long here too.

/** The month `YYYY-MM` of `tz` as a range of its days. */
export async function monthRange(db: Db, month: string, tz: string): Promise<Range> {
  const first = `${month}-01`;
  const [row] = rowsOf(
    await db.execute(sql`select
      extract(epoch from (${first}::timestamp at time zone ${tz}))::float8 * 1000 as from_ms,
      extract(epoch from ((${first}::timestamp + interval '1 month') at time zone ${tz}))::float8 * 1000 as to_ms`),
  );
  return { from: instant(row!.from_ms!), to: instant(row!.to_ms!), tz };
}

/** The month `YYYY-MM` it is at `now` in `tz`. */
export async function monthOf(db: Db, now: Date, tz: string): Promise<string> {
  const [row] = rowsOf(
    await db.execute(sql`select to_char(${now.toISOString()}::timestamptz at time zone ${tz}, 'YYYY-MM') as key`),
  );
  return row!.key;
}

/** Today and this month so far in `tz`, the two spans the console's publishers show. */
export async function todayAndMonth(db: Db, now: Date, tz: string): Promise<{ today: Range; month: Range }> {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${tz})`;
  const [row] = rowsOf(
    await db.execute(sql`select
      extract(epoch from (date_trunc('day', ${local}) at time zone ${tz}))::float8 * 1000 as day_ms,
      extract(epoch from ((date_trunc('day', ${local}) + interval '1 day') at time zone ${tz}))::float8 * 1000 as next_ms,
      extract(epoch from (date_trunc('month', ${local}) at time zone ${tz}))::float8 * 1000 as month_ms`),
  );
  const next = instant(row!.next_ms!);
  return {
    today: { from: instant(row!.day_ms!), to: next, tz },
    month: { from: instant(row!.month_ms!), to: next, tz },
  };
}

/** A publisher's posted leads (docs/product/partners.md#posted-leads-in-the-console) over a span. */
type PostedFigures = {
  /** Live leads it posted through the publisher API, by when they were posted. */
  posted: number;
  /** Of those, the ones sold. */
  sold: number;
  /** sold ÷ posted (MEASURES.posted_acceptance); null with nothing posted. */
  posted_acceptance: number | null;
  /** The mean price of the sold ones, in cents; null with none sold. */
  average_price_cents: number | null;
  /** What buyers paid for the sold ones. */
  revenue_cents: number;
  /** The rejected ones by the auction's reason, most first. */
  rejections: { reason: string; count: number }[];
  /** Its live pings, and of those the ones a buyer bid on. */
  pings: number;
  pings_offered: number;
};

export const noPostedFigures = (): PostedFigures => ({
  posted: 0,
  sold: 0,
  posted_acceptance: null,
  average_price_cents: null,
  revenue_cents: 0,
  rejections: [],
  pings: 0,
  pings_offered: 0,
});

/** A rejected auction with no reason recorded, which no run writes but a row may hold. */
const NO_REASON = "other";

/**
 * The posted figures of each of `publisherIds` over `[from, to)`, in two grouped statements whatever their number:
 * the auctions through their posted_by index (publisher, then time) and the pings through theirs. Test posts and
 * test pings never count.
 */
export async function postedFigures(
  db: Db,
  publisherIds: readonly string[],
  range: Pick<Range, "from" | "to">,
): Promise<Map<string, PostedFigures>> {
  const figures = new Map<string, PostedFigures>();
  if (publisherIds.length === 0) return figures;
  const [outcomes, pings] = await Promise.all([
    db
      .select({
        id: auctions.postedBy,
        status: auctions.status,
        reason: auctions.reason,
        n: sql<number>`count(*)::int`,
        revenue: sql<string>`coalesce(sum(${auctions.priceCents}), 0)::bigint`,
      })
      .from(auctions)
      .where(
        and(
          inArray(auctions.postedBy, [...publisherIds]),
          eq(auctions.testMode, false),
          gte(auctions.createdAt, range.from),
          lt(auctions.createdAt, range.to),
        ),
      )
      .groupBy(auctions.postedBy, auctions.status, auctions.reason),
    db
      .select({
        id: publisherPings.publisherId,
        pings: sql<number>`count(*)::int`,
        offered: sql<number>`count(${publisherPings.payoutCents})::int`,
      })
      .from(publisherPings)
      .where(
        and(
          inArray(publisherPings.publisherId, [...publisherIds]),
          eq(publisherPings.testMode, false),
          gte(publisherPings.createdAt, range.from),
          lt(publisherPings.createdAt, range.to),
        ),
      )
      .groupBy(publisherPings.publisherId),
  ]);
  const of = (id: string) => {
    let f = figures.get(id);
    if (!f) figures.set(id, (f = noPostedFigures()));
    return f;
  };
  for (const r of outcomes) {
    const f = of(r.id!);
    f.posted += r.n;
    if (r.status === "accepted") {
      f.sold += r.n;
      f.revenue_cents += Number(r.revenue);
    } else if (r.status === "rejected") {
      const reason = r.reason ?? NO_REASON;
      const seen = f.rejections.find((x) => x.reason === reason);
      if (seen) seen.count += r.n;
      else f.rejections.push({ reason, count: r.n });
    }
  }
  for (const r of pings) {
    const f = of(r.id);
    f.pings = r.pings;
    f.pings_offered = r.offered;
  }
  for (const f of figures.values()) {
    f.posted_acceptance = f.posted === 0 ? null : f.sold / f.posted;
    f.average_price_cents = f.sold === 0 ? null : Math.round(f.revenue_cents / f.sold);
    f.rejections.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
  return figures;
}
