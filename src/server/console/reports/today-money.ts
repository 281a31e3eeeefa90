import { sql, type SQL } from "drizzle-orm";
import { NONE, type TodayQuery } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { affIdOf, brandOf, inPeriod, isLive, sourceOf, subIdOf } from "../lead-scope/lead-scope.ts";
import { rowsOf } from "./report-period.ts";
import type { BuyerCell, Cell } from "./today-summary.ts";
import { narrowing } from "./today-sums.ts";

// Today's money beside its counts (issue 32): returns and publishers' payouts from the ledger, the one record of money
// (docs/decisions/0035-partners-money.md), dated by when each row was written, as statements date them; and each
// buyer's sales from the auctions, as the report's sales are. Dimensions are lead-scope's, as every figure's.

const scoped = { lead: sql.raw("l"), auction: sql.raw("a") };
const none = sql.raw(`'${NONE}'`);

/** The UTC months (YYYY-MM, the ledger's `month`) that [from, to) touches: what its month index is read by. */
function monthsOf(from: Date, to: Date): string[] {
  const months: string[] = [];
  const at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (at < to) {
    months.push(at.toISOString().slice(0, 7));
    at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return months;
}

type MoneyRow = Omit<Cell, "n" | "sent" | "bids" | "posts_after_bid" | "revenue_cents" | "redirected"> & {
  buyer_id: string;
};

/**
 * The ledger's returns and payouts written in [from, to), per `dayOf` their time, source, affiliate, sub id, brand and
 * buyer (the return's, or the sold auction's for a payout). A lead since erased still counts: the ledger keeps its id.
 */
export async function moneyRows(
  db: Db,
  query: TodayQuery,
  from: Date,
  to: Date,
  dayOf: (column: SQL) => SQL,
): Promise<MoneyRow[]> {
  const months = monthsOf(from, to);
  if (months.length === 0) return [];
  const rows = await rowsOf<MoneyRow>(
    db,
    sql`select day as completed_day, source, aff_id, sub_id, brand, buyer_id,
      coalesce(-sum(amount_cents) filter (where kind = 'returned'), 0)::int8 as returned_cents,
      coalesce(sum(amount_cents) filter (where kind <> 'returned'), 0)::int8 as payout_cents
    from (
      select ${dayOf(sql`e.at`)} as day, e.kind, e.amount_cents,
        coalesce(case when e.kind = 'returned' then e.buyer_id end, a.buyer_id, ${none}) as buyer_id,
        ${sourceOf(scoped)} as source, ${affIdOf(scoped)} as aff_id, ${subIdOf(scoped)} as sub_id,
        ${brandOf(scoped)} as brand
      from ledger_entries e
      left join leads l on l.id = e.lead_id
      left join auctions a on a.lead_id = e.lead_id
      where e.month in (${sql.join(
        months.map((m) => sql`${m}`),
        sql`, `,
      )}) and e.kind in ('returned', 'payout_earned', 'payout_reversed')
        and ${inPeriod(sql`e.at`, from.toISOString(), to.toISOString())}
        and not coalesce(l.test_mode, false) and not coalesce(a.test_mode, false)
    ) x ${narrowing(query)}
    group by day, source, aff_id, sub_id, brand, buyer_id`,
  );
  return rows.map((r) => ({
    ...r,
    started_day: null,
    status: null,
    reason: null,
    returned_cents: Number(r.returned_cents),
    payout_cents: Number(r.payout_cents),
  }));
}

/** Money rows as the report's cells: no leads, only money, on the day the ledger wrote it. */
export const moneyCells = (rows: MoneyRow[]): Cell[] =>
  rows.map(({ buyer_id: _, ...r }) => ({
    ...r,
    n: 0,
    sent: 0,
    bids: 0,
    posts_after_bid: 0,
    revenue_cents: 0,
    redirected: 0,
  }));

/**
 * Each buyer's sold applications submitted in [from, to) and their prices, as Today's `sold` and `sales_cents` count
 * them, with the period's returns and payouts of `money` beside. The brand, a lookup per lead, is read only to narrow.
 */
export async function buyerCells(
  db: Db,
  query: TodayQuery,
  from: Date,
  to: Date,
  money: MoneyRow[],
): Promise<BuyerCell[]> {
  const brand = query.brand === undefined ? none : brandOf(scoped);
  const sales = await rowsOf<{ buyer_id: string; sold: number | string; sales_cents: number | string }>(
    db,
    sql`select buyer_id, count(*)::int as sold, coalesce(sum(price_cents), 0)::int8 as sales_cents
    from (
      select coalesce(a.buyer_id, ${none}) as buyer_id, a.price_cents,
        ${sourceOf(scoped)} as source, ${affIdOf(scoped)} as aff_id, ${brand} as brand
      from auctions a join leads l on l.id = a.lead_id
      where ${inPeriod(sql`a.created_at`, from.toISOString(), to.toISOString())} and a.status = 'accepted'
        and ${isLive(scoped)}
    ) x ${narrowing(query)}
    group by buyer_id`,
  );
  return [
    ...sales.map((s) => ({
      buyer_id: s.buyer_id,
      sold: Number(s.sold),
      sales_cents: Number(s.sales_cents),
      returned_cents: 0,
      payout_cents: 0,
    })),
    ...money.map((m) => ({
      buyer_id: m.buyer_id,
      sold: 0,
      sales_cents: 0,
      returned_cents: m.returned_cents,
      payout_cents: m.payout_cents,
    })),
  ];
}
