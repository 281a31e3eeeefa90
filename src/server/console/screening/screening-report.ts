import { sql } from "drizzle-orm";
import type { ScreeningReport } from "../../../domain/contracts/console-screening.ts";
import type { Db } from "../../platform/db/database.ts";
import { rowsOf } from "../../platform/db/rows-of.ts";
import { affIdOf, isLive, sourceOf } from "../lead-scope/lead-scope.ts";

// Which source sends junk (docs/product/screening.md#refusals): the leads the gate checked in a period, by reason and
// by source and publisher (the aff_id its tracking credits, or the publisher that posted it), how often each check
// answered what, and the outside calls it took. Test leads count nowhere, as in every report.

const tables = { lead: sql.raw("l"), auction: sql.raw("a") };

export async function screeningReport(db: Db, from: Date, to: Date): Promise<ScreeningReport> {
  const range = sql`q.checked_at >= ${from.toISOString()}::timestamptz and q.checked_at < ${to.toISOString()}::timestamptz`;
  const checked = sql`lead_quality q join auctions a on a.lead_id = q.lead_id join leads l on l.id = q.lead_id
    where ${range} and ${isLive(tables)}`;
  const [bySource, byReason, answers, calls, times] = await Promise.all([
    rowsOf<{ source: string; publisher: string; checked: number; refused: number; top_reason: string | null }>(
      db,
      sql`select source, publisher, count(*)::int as checked, count(refused_reason)::int as refused,
          mode() within group (order by refused_reason) filter (where refused_reason is not null) as top_reason
        from (select ${sourceOf(tables)} as source, coalesce(a.posted_by, ${affIdOf(tables)}) as publisher,
          q.refused_reason from ${checked}) x
        group by source, publisher order by refused desc, checked desc, source, publisher limit 200`,
    ),
    rowsOf<{ reason: string; n: number }>(
      db,
      sql`select q.refused_reason as reason, count(*)::int as n from ${checked} and q.refused_reason is not null
        group by q.refused_reason order by n desc, reason`,
    ),
    rowsOf<{ check: string; answer: string; n: number }>(
      db,
      sql`select e.key as check, e.value->>'answer' as answer, count(*)::int as n
        from lead_quality q join auctions a on a.lead_id = q.lead_id join leads l on l.id = q.lead_id
        cross join lateral jsonb_each(q.checks) e
        where ${range} and ${isLive(tables)} group by 1, 2 order by 1, 3 desc, 2`,
    ),
    rowsOf<{ day: string; adapter: string; outcome: string; n: number }>(
      db,
      sql`select day, adapter, outcome, n from screening_calls
        where day >= ${from.toISOString().slice(0, 10)} and day <= ${to.toISOString().slice(0, 10)}
        order by day, adapter, outcome`,
    ),
    rowsOf<{ n: number; p50: number | null; max: number | null }>(
      db,
      sql`select count(*)::int as n, percentile_disc(0.5) within group (order by q.ms) as p50, max(q.ms) as max
        from ${checked}`,
    ),
  ]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    checked: Number(times[0]?.n ?? 0),
    refused: byReason.reduce((n, r) => n + Number(r.n), 0),
    by_reason: byReason.map((r) => ({ reason: r.reason, n: Number(r.n) })),
    by_source: bySource.map((r) => ({ ...r, checked: Number(r.checked), refused: Number(r.refused) })),
    answers: answers.map((r) => ({ ...r, n: Number(r.n) })),
    calls: calls.map((r) => ({ ...r, n: Number(r.n) })),
    gate_ms: {
      p50: times[0]?.p50 == null ? null : Number(times[0].p50),
      max: times[0]?.max == null ? null : Number(times[0].max),
    },
  };
}
