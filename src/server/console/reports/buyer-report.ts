import type {
  BuyerReport,
  BuyerReportFigures,
  BuyerReportPeriod,
} from "../../../domain/contracts/console-partner-reports.ts";
import type { PartnerReportQuery } from "../../../domain/contracts/console-reports.ts";
import type { BuyerState } from "../../../domain/buyers/buyer-state.ts";
import type { Db } from "../../platform/db/database.ts";
import { accountsOf, capsOfAll, moneyOf } from "../buyers/buyer-figures.ts";
import { standing } from "../buyers/buyer-standing.ts";
import type { ConsoleBuyer } from "../buyers/buyer-store.ts";
import { buyerSums, type BuyerSums } from "./buyer-rollup.ts";
import { percentileOf } from "./latency-bins.ts";
import { boundsOfDays, periodBounds, previousDays, reportTransaction, type PeriodBounds } from "./report-period.ts";

// The buyer report over any period (docs/decisions/0047-report-periods-and-profit.md, "The buyer and publisher
// reports", "The buyer rollup"): each buyer's calls and returns of the period (buyer-rollup.ts: the rollup before its
// mark, the raw rows after it), and its state now as the buyers list shows it.

type Num = number | string | null;
const n = (v: Num | undefined) => Number(v ?? 0);
const per = (a: number, b: number) => (b > 0 ? a / b : null);
const rounded = (v: Num | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));

/** The call figures of a buyer (or every buyer added up), with its returns. */
function figuresOf(calls: BuyerSums | undefined, returns: number, returned: number): BuyerReportFigures {
  const sales = n(calls?.sales);
  const accepts = n(calls?.accepts);
  const bids = n(calls?.bids);
  const latency = calls?.latency ?? [];
  return {
    pings: n(calls?.pings),
    bids,
    posts: n(calls?.posts),
    accepts,
    rejects: n(calls?.rejects),
    errors: n(calls?.errors),
    timeouts: n(calls?.timeouts),
    average_bid_cents: per(n(calls?.bid_sum), bids),
    sales_cents: sales,
    returned_cents: returned,
    revenue_cents: sales - returned,
    returns,
    revenue_per_sold_cents: per(sales - returned, accepts),
    return_rate: per(returns, accepts),
    p50_ms: rounded(percentileOf(latency, 0.5)),
    p90_ms: rounded(percentileOf(latency, 0.9)),
  };
}

/** Every buyer's figures added up, their latency histograms merged: the totals row. */
function allOf(sums: BuyerSums[]): BuyerSums | undefined {
  const [head, ...rest] = sums;
  if (head === undefined) return undefined;
  const all = { ...head, latency: [...head.latency] };
  for (const s of rest) {
    for (const key of Object.keys(all) as (keyof BuyerSums)[]) if (key !== "latency") all[key] += s[key];
    all.latency.push(...s.latency);
  }
  return all;
}

type Known = { name: string; state: BuyerState };

/** Each buyer's name and state now, read once for both periods (caps' use and accounts: a statement each). */
async function knownBuyers(db: Db, buyers: Map<string, ConsoleBuyer>, now: Date): Promise<Map<string, Known>> {
  const configs = [...buyers.values()].map((b) => b.config);
  const [limits, accounts] = await Promise.all([capsOfAll(db, configs, now), accountsOf(db, configs)]);
  const known = new Map<string, Known>();
  for (const [id, b] of buyers) {
    const money = moneyOf(b.config, accounts.get(b.config.id));
    const state = standing(b, limits.get(b.config.id) ?? { caps: {}, budgets: {} }, money, now).state;
    known.set(id, { name: b.config.name, state });
  }
  return known;
}

async function periodOf(db: Db, buyers: Map<string, Known>, bounds: PeriodBounds) {
  const from = bounds.from.toISOString();
  const to = bounds.to.toISOString();
  const sums = await reportTransaction(db, (tx) => buyerSums(tx, bounds.from, bounds.to), true);
  const byBuyer = new Map([...sums].filter(([, s]) => s.calls > 0));
  const returnsBy = new Map([...sums].filter(([, s]) => s.returns > 0));
  const ids = new Set([...buyers.keys(), ...byBuyer.keys(), ...returnsBy.keys()]);
  const rows: BuyerReportPeriod["buyers"] = [];
  for (const id of [...ids].sort()) {
    const buyer = buyers.get(id);
    // A buyer since removed from the file still has its calls; it is shown paused, as nothing is sent to it.
    const r = returnsBy.get(id);
    rows.push({
      buyer_id: id,
      name: buyer?.name ?? id,
      state: buyer?.state ?? "paused",
      figures: figuresOf(byBuyer.get(id), n(r?.returns), n(r?.returned_cents)),
    });
  }
  const sum = (pick: (r: (typeof rows)[number]["figures"]) => number) => rows.reduce((s, r) => s + pick(r.figures), 0);
  const all = allOf([...byBuyer.values()]);
  return {
    bounds: { from, to, tz: bounds.tz, first_day: bounds.days[0]!, last_day: bounds.days.at(-1)! },
    buyers: rows,
    totals: figuresOf(
      all,
      sum((f) => f.returns),
      sum((f) => f.returned_cents),
    ),
  };
}

/** The report of the period asked, and of the one before it with `compare=previous`. */
export async function buyerReport(
  db: Db,
  buyers: Map<string, ConsoleBuyer>,
  query: PartnerReportQuery,
  now: Date,
): Promise<BuyerReport> {
  const { name, ...bounds } = await periodBounds(db, query, now);
  const known = await knownBuyers(db, buyers, now);
  const current = await periodOf(db, known, bounds);
  if (query.compare !== "previous") return { period: name, ...current, previous: null };
  const before = previousDays(bounds.days[0]!, bounds.days.at(-1)!);
  const earlier = await boundsOfDays(db, before.first, before.last, query.tz, now);
  return { period: name, ...current, previous: await periodOf(db, known, earlier) };
}
