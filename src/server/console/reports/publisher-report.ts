import { asc, sql } from "drizzle-orm";
import type {
  PublisherReport,
  PublisherReportFigures,
  PublisherReportPeriod,
} from "../../../domain/contracts/console-partner-reports.ts";
import type { PartnerReportQuery } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { publishers } from "../../platform/db/schema.ts";
import { clickDaysIn } from "../../partners/publishers/publisher-figures.ts";
import { publisherSums } from "./publisher-rollup.ts";
import {
  boundsOfDays,
  periodBounds,
  previousDays,
  reportTransaction,
  rowsOf,
  type PeriodBounds,
} from "./report-period.ts";

// The publisher report over any period (docs/decisions/0047-report-periods-and-profit.md, "The buyer and publisher
// reports"): each publisher's clicks, applications, sales, payouts and returns as its own view reads them
// (publisher-figures.ts, which credits only leads that came after the publisher was made), and the revenue of those
// leads from the ledger, so profit is what they brought less what they cost. Every publisher at once: its clicks from
// publisher_clicks, the rest from the publisher rollup and the events after its mark (publisher-rollup.ts).

type Who = { id: string; name: string; aff_id: string };

const per = (a: number, b: number) => (b > 0 ? a / b : null);

function withRates(f: Omit<PublisherReportFigures, "epc_cents" | "conversion_rate" | "return_rate">) {
  return {
    ...f,
    epc_cents: per(f.payout_cents, f.clicks),
    conversion_rate: per(f.sold, f.clicks),
    return_rate: per(f.returns, f.sold),
  };
}

/** Each publisher's clicks in the period. */
async function clicksOf(db: Db, bounds: PeriodBounds): Promise<Map<string, number>> {
  const rows = await rowsOf<{ publisher_id: string; clicks: number | string }>(
    db,
    sql`select publisher_id, sum(clicks) as clicks from publisher_clicks where ${clickDaysIn(bounds)}
    group by publisher_id`,
  );
  return new Map(rows.map((r) => [r.publisher_id, Number(r.clicks)]));
}

async function periodOf(db: Db, list: Who[], bounds: PeriodBounds): Promise<PublisherReportPeriod> {
  const [clicks, sums] = await reportTransaction(
    db,
    async (t) => [await clicksOf(t, bounds), await publisherSums(t, bounds.from, bounds.to)] as const,
    true,
  );
  const rows: PublisherReportPeriod["publishers"] = list.map((who) => {
    const f = sums.get(who.id);
    const revenue = f?.revenue_cents ?? 0;
    const payout = f?.payout_cents ?? 0;
    const figures = withRates({
      clicks: clicks.get(who.id) ?? 0,
      applications: f?.applications ?? 0,
      sold: f?.sold ?? 0,
      payout_cents: payout,
      revenue_cents: revenue,
      profit_cents: revenue - payout,
      returns: f?.returns ?? 0,
    });
    return { publisher_id: who.id, name: who.name, aff_id: who.aff_id, figures };
  });
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
  const list = await db
    .select({ id: publishers.id, name: publishers.name, aff_id: publishers.affId })
    .from(publishers)
    .orderBy(asc(publishers.id));
  const current = await periodOf(db, list, bounds);
  if (query.compare !== "previous") return { period: name, ...current, previous: null };
  const before = previousDays(bounds.days[0]!, bounds.days.at(-1)!);
  const earlier = await boundsOfDays(db, before.first, before.last, query.tz, now);
  return { period: name, ...current, previous: await periodOf(db, list, earlier) };
}
