import { asc, sql } from "drizzle-orm";
import type {
  PublisherReport,
  PublisherReportFigures,
  PublisherReportPeriod,
} from "../../../domain/contracts/console-partner-reports.ts";
import type { PartnerReportQuery } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { publishers } from "../../platform/db/schema.ts";
import { publisherFigures } from "../../partners/publishers/publisher-figures.ts";
import { boundsOfDays, periodBounds, previousDays, rowsOf, type PeriodBounds } from "./report-period.ts";

// The publisher report over any period (docs/decisions/0047-report-periods-and-profit.md, "The buyer and publisher
// reports"): each publisher's clicks, applications, sales, payouts and returns as its own view reads them
// (publisher-figures.ts, which credits only leads that came after the publisher was made), and the revenue of those
// leads from the ledger, so profit is what they brought less what they cost.

type Who = { id: string; name: string; aff_id: string; created_at: string };

/** What the buyers paid for the publisher's credited leads in the period, less the returns granted in it. */
async function revenueOf(db: Db, who: Who, from: string, to: string): Promise<number> {
  const [row] = await rowsOf<{ revenue: number | string | null }>(
    db,
    sql`select coalesce(sum(l.amount_cents), 0) as revenue
    from ledger_entries l join auctions a on a.lead_id = l.lead_id
    where l.kind in ('sold', 'returned') and l.at >= ${from}::timestamptz and l.at < ${to}::timestamptz
      and a.attribution->>'aff_id' = ${who.aff_id} and a.created_at >= ${who.created_at}::timestamptz`,
  );
  return Number(row?.revenue ?? 0);
}

const per = (a: number, b: number) => (b > 0 ? a / b : null);

function withRates(f: Omit<PublisherReportFigures, "epc_cents" | "conversion_rate" | "return_rate">) {
  return {
    ...f,
    epc_cents: per(f.payout_cents, f.clicks),
    conversion_rate: per(f.sold, f.clicks),
    return_rate: per(f.returns, f.sold),
  };
}

async function figuresOf(db: Db, who: Who, bounds: PeriodBounds): Promise<PublisherReportFigures> {
  const range = { from: bounds.from, to: bounds.to, tz: bounds.tz };
  const [all, revenue] = await Promise.all([
    publisherFigures(db, who, range, "all"),
    revenueOf(db, who, range.from.toISOString(), range.to.toISOString()),
  ]);
  const f = all.get("all");
  const payout = (f?.earned_cents ?? 0) + (f?.reversed_cents ?? 0);
  return withRates({
    clicks: f?.clicks ?? 0,
    applications: f?.completed ?? 0,
    sold: f?.sold ?? 0,
    payout_cents: payout,
    revenue_cents: revenue,
    profit_cents: revenue - payout,
    returns: f?.returns ?? 0,
  });
}

async function periodOf(db: Db, list: Who[], bounds: PeriodBounds): Promise<PublisherReportPeriod> {
  const rows: PublisherReportPeriod["publishers"] = [];
  for (const who of list) {
    rows.push({ publisher_id: who.id, name: who.name, aff_id: who.aff_id, figures: await figuresOf(db, who, bounds) });
  }
  const sum = (
    key: "clicks" | "applications" | "sold" | "payout_cents" | "revenue_cents" | "profit_cents" | "returns",
  ) => rows.reduce((s, r) => s + r.figures[key], 0);
  return {
    bounds: {
      from: bounds.from.toISOString(),
      to: bounds.to.toISOString(),
      tz: bounds.tz,
      first_day: bounds.days[0]!,
      last_day: bounds.days.at(-1)!,
    },
    publishers: rows,
    totals: withRates({
      clicks: sum("clicks"),
      applications: sum("applications"),
      sold: sum("sold"),
      payout_cents: sum("payout_cents"),
      revenue_cents: sum("revenue_cents"),
      profit_cents: sum("profit_cents"),
      returns: sum("returns"),
    }),
  };
}

/** The report of the period asked, and of the one before it with `compare=previous`. */
export async function publisherReport(db: Db, query: PartnerReportQuery, now: Date): Promise<PublisherReport> {
  const { name, ...bounds } = await periodBounds(db, query, now);
  const rows = await db
    .select({ id: publishers.id, name: publishers.name, aff_id: publishers.affId, created: publishers.createdAt })
    .from(publishers)
    .orderBy(asc(publishers.id));
  const list = rows.map((r) => ({ id: r.id, name: r.name, aff_id: r.aff_id, created_at: r.created.toISOString() }));
  const current = await periodOf(db, list, bounds);
  if (query.compare !== "previous") return { period: name, ...current, previous: null };
  const before = previousDays(bounds.days[0]!, bounds.days.at(-1)!);
  const earlier = await boundsOfDays(db, before.first, before.last, query.tz, now);
  return { period: name, ...current, previous: await periodOf(db, list, earlier) };
}
