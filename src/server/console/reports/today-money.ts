import { sql, type SQL } from "drizzle-orm";
import type { TodayQuery } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { affIdOf, brandOf, callOfLiveLead, inPeriod, sourceOf, subIdOf } from "../lead-scope/lead-scope.ts";
import { rowsOf } from "./report-period.ts";
import type { BuyerCell, Cell } from "./today-summary.ts";
import { narrowing } from "./today-sums.ts";
import { buyerSums } from "./buyer-rollup.ts";
import { buyerOf, moneyKinds, none, payoutOf, returnedOf } from "./money-terms.ts";

// Today's money beside its counts (issue 32): returns and publishers' payouts from the ledger, the one record of money
// (docs/decisions/0035-partners-money.md), dated by when each row was written, as statements date them; and each
// buyer's sales from the auctions, as the report's sales are. Dimensions are lead-scope's, as every figure's.

const scoped = { lead: sql.raw("l"), auction: sql.raw("a") };

type MoneyRow = Omit<Cell, "n" | "sent" | "bids" | "posts_after_bid" | "revenue_cents" | "redirected"> & {
  buyer_id: string;
};
type BuyerMoney = Pick<MoneyRow, "buyer_id" | "returned_cents" | "payout_cents">;
const isNarrowed = (query: TodayQuery) =>
  query.source !== undefined || query.aff_id !== undefined || query.brand !== undefined;

/**
 * The ledger's returns and payouts whose time `when` admits, one row each with its amounts split, its buyer and its
 * lead's dimensions: what the raw report sums and the rollup (today-rollup.ts) buckets, so both read money alike. A lead
 * since erased still counts: the ledger keeps its id.
 */
export const ledgerMoney = (when: (column: SQL) => SQL): SQL => sql`select e.at, ${returnedOf} as returned_cents,
    ${payoutOf} as payout_cents, ${buyerOf} as buyer_id, ${sourceOf(scoped)} as source, ${affIdOf(scoped)} as aff_id,
    ${subIdOf(scoped)} as sub_id, ${brandOf(scoped)} as brand
  from ledger_entries e
  left join leads l on l.id = e.lead_id
  left join auctions a on a.lead_id = e.lead_id
  where ${when(sql`e.at`)} and ${moneyKinds} and not coalesce(l.test_mode, false) and not coalesce(a.test_mode, false)`;

/** The ledger's money written in [from, to), per `dayOf` its time and every dimension, read by its time index. */
export async function moneyRows(
  db: Db,
  query: TodayQuery,
  from: Date,
  to: Date,
  dayOf: (column: SQL) => SQL,
): Promise<MoneyRow[]> {
  const rows = await rowsOf<MoneyRow>(
    db,
    sql`select ${dayOf(sql`at`)} as completed_day, source, aff_id, sub_id, brand, buyer_id,
      sum(returned_cents)::int8 as returned_cents, sum(payout_cents)::int8 as payout_cents
    from (${ledgerMoney((at) => inPeriod(at, from.toISOString(), to.toISOString()))}) x ${narrowing(query)}
    group by 1, source, aff_id, sub_id, brand, buyer_id`,
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
 * them, with the period's returns and payouts beside: unnarrowed, from the buyer rollup and the raw rows after its mark
 * (buyer-rollup.ts) unless `raw`; narrowed (or raw), from the auctions and the ledger's rows (moneyRows).
 */
export async function buyerCells(db: Db, query: TodayQuery, from: Date, to: Date, raw: boolean): Promise<BuyerCell[]> {
  if (raw || isNarrowed(query))
    return rawBuyerCells(db, query, from, to, await moneyRows(db, query, from, to, () => sql`null`));
  const cells: BuyerCell[] = [];
  for (const [buyer_id, s] of await buyerSums(db, from, to)) {
    if (s.sold > 0) {
      cells.push({ buyer_id, sold: s.sold, sales_cents: s.sold_cents, returned_cents: 0, payout_cents: 0 });
    }
    if (s.money_rows > 0) {
      const money = { returned_cents: s.money_returned_cents, payout_cents: s.payout_cents };
      cells.push({ buyer_id, sold: 0, sales_cents: 0, ...money });
    }
  }
  return cells;
}

/**
 * buyerCells from the raw rows, with the money of `money` beside. Test leads are left out through their partial
 * indexes, and the leads' dimensions are read only to narrow, so an unnarrowed read is the period's auctions alone.
 */
async function rawBuyerCells(
  db: Db,
  query: TodayQuery,
  from: Date,
  to: Date,
  money: BuyerMoney[],
): Promise<BuyerCell[]> {
  const narrowed = isNarrowed(query);
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
