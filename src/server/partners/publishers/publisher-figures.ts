import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";

// A publisher's figures over whole UTC days (docs/product/partners.md#a-publishers-own-view): clicks from the
// tracking links, completed applications and sales from its leads' submissions (test leads never count), and
// the money from the ledger, the one record both sides can check. Counts and cents only: no lead, no person. A
// lead counts only when its application came after the publisher was made, as the settle pass credits it
// (publisher-store.ts, creditedWith).

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

type Range = { from: Date; to: Date };
type Who = { id: string; aff_id: string; created_at: string };

const dayOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const sub1Of = (alias: string) => sql.raw(`coalesce(${alias}.attribution->>'aff_sub1', '')`);

function keyOf(by: FiguresKey, time: SQL, alias: string): SQL {
  if (by === "day") return dayOf(time);
  if (by === "sub1") return sub1Of(alias);
  return sql`'all'`;
}

type Keyed = { key: string } & Record<string, string | number | null>;
const rowsOf = (result: unknown) => (result as { rows: Keyed[] }).rows;

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
      where publisher_id = ${who.id} and day >= ${utcDay(range.from)} and day < ${utcDay(range.to)}
      group by 1`),
    db.execute(sql`
      select ${keyOf(by, sql`a.created_at`, "a")} as key, count(*) as completed from auctions a
      where a.attribution->>'aff_id' = ${who.aff_id} and not a.test_mode
        and a.created_at >= ${from} and a.created_at < ${to} and a.created_at >= ${who.created_at}
      group by 1`),
    db.execute(sql`
      select ${keyOf(by, sql`a.decided_at`, "a")} as key, count(*) as sold from auctions a
      where a.attribution->>'aff_id' = ${who.aff_id} and not a.test_mode and a.status = 'accepted'
        and a.decided_at >= ${from} and a.decided_at < ${to} and a.created_at >= ${who.created_at}
      group by 1`),
    db.execute(sql`
      select ${keyOf(by, sql`l.at`, "a")} as key,
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

/** The UTC month `YYYY-MM` as a range of days. */
export function monthRange(month: string): Range {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
}

/** Today (UTC) and this month so far, the two spans the console's list shows. */
export function todayAndMonth(now: Date): { today: Range; month: Range } {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const next = new Date(day.getTime() + 86_400_000);
  return {
    today: { from: day, to: next },
    month: { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), to: next },
  };
}
