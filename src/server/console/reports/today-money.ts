import { sql, type SQL } from "drizzle-orm";
import { NONE, type TodayQuery } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { affIdOf, brandOf, callOfLiveLead, inPeriod, sourceOf, subIdOf } from "../lead-scope/lead-scope.ts";
import { rowsOf } from "./report-period.ts";
import type { BuyerCell, Cell } from "./today-summary.ts";
import { narrowing } from "./today-sums.ts";

// Today's money beside its counts (issue 32): returns and publishers' payouts from the ledger, the one record of money
// (docs/decisions/0035-partners-money.md), dated by when each row was written, as statements date them; and each
// buyer's sales from the auctions, as the report's sales are. Dimensions are lead-scope's, as every figure's.

const scoped = { lead: sql.raw("l"), auction: sql.raw("a") };
const none = sql.raw(`'${NONE}'`);

type MoneyRow = Omit<Cell, "n" | "sent" | "bids" | "posts_after_bid" | "revenue_cents" | "redirected"> & {
  buyer_id: string;
};

/**
 * The ledger's returns and payouts written in [from, to), per `dayOf` their time, source, affiliate, sub id, brand and
 * buyer (the return's, or the sold auction's for a payout), read by the ledger's time index. A lead since erased
 * still counts: the ledger keeps its id.
 */
export async function moneyRows(
  db: Db,
  query: TodayQuery,
  from: Date,
  to: Date,
  dayOf: (column: SQL) => SQL,
): Promise<MoneyRow[]> {
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
      where ${inPeriod(sql`e.at`, from.toISOString(), to.toISOString())}
        and e.kind in ('returned', 'payout_earned', 'payout_reversed')
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
 * them, with the period's returns and payouts of `money` beside. Test leads are left out through their partial indexes,
 * and the leads' dimensions are read only to narrow, so an unnarrowed read is the period's auctions alone.
 */
export async function buyerCells(
  db: Db,
  query: TodayQuery,
  from: Date,
  to: Date,
  money: MoneyRow[],
): Promise<BuyerCell[]> {
  const narrowed = query.source !== undefined || query.aff_id !== undefined || query.brand !== undefined;
  const dims = narrowed
    ? sql`, ${sourceOf(scoped)} as source, ${affIdOf(scoped)} as aff_id, ${query.brand === undefined ? none : brandOf(scoped)} as brand`
    : sql``;
  const sales = await rowsOf<{ buyer_id: string; sold: number | string; sales_cents: number | string }>(
    db,
    sql`select buyer_id, count(*)::int as sold, coalesce(sum(price_cents), 0)::int8 as sales_cents
    from (
      select coalesce(a.buyer_id, ${none}) as buyer_id, a.price_cents ${dims}
      from auctions a ${narrowed ? sql`join leads l on l.id = a.lead_id` : sql``}
      where ${inPeriod(sql`a.created_at`, from.toISOString(), to.toISOString())} and a.status = 'accepted'
        and not a.test_mode and ${callOfLiveLead(sql`a.lead_id`)}
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
