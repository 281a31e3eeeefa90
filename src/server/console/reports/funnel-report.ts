import { sql, type SQL } from "drizzle-orm";
import { NONE, type FunnelQuery, type FunnelReport } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { PHONE_USER_AGENT } from "./device.ts";
import { APPLY_MARKS, FUNNEL_STEPS } from "./funnel-steps.ts";
import { periodBounds, reportRowsOf } from "./report-period.ts";

// The funnel (issue 19): for the leads created in the period on one path, per step how many reached it,
// saved it and left there, and the median time a save took, from the step history (step_events) and the
// final submission (auctions). funnel-steps.ts says how a saved row is recognised as a step.

const textArray = (values: string[]) =>
  values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

/** A lead of this row's cohort carries the apply path's mark in its history. */
const onApplyPath = sql`exists (select 1 from step_events m where m.lead_id = l.id and (${sql.join(
  APPLY_MARKS.map((mark) => sql`(m.step = ${mark.number} and jsonb_exists_any(m.changes, ${textArray(mark.fields)}))`),
  sql` or `,
)}))`;

type Row = { kind: "step" | "furthest" | "cohort"; idx: number; n: number; median: number | null };

export async function funnelReport(db: Db, query: FunnelQuery, now: Date): Promise<FunnelReport> {
  const bounds = await periodBounds(db, query.period, query.tz, now);
  const steps = FUNNEL_STEPS[query.path];
  const final = steps.findIndex((s) => s.submission);
  const values = sql.join(
    steps
      .map((s, idx) => ({ s, idx }))
      .filter(({ s }) => !s.submission)
      .map(({ s, idx }) => sql`(${idx}::int, ${s.number}::int, ${textArray(s.fields)})`),
    sql`, `,
  );
  const conditions: SQL[] = [
    sql`l.created_at >= ${bounds.from.toISOString()}::timestamptz and l.created_at < ${bounds.to.toISOString()}::timestamptz`,
    sql`not l.test_mode`,
    APPLY_MARKS.length === 0
      ? sql`${query.path === "main"}`
      : query.path === "apply"
        ? onApplyPath
        : sql`not ${onApplyPath}`,
  ];
  if (query.device !== undefined) {
    const phone = sql`coalesce(l.user_agent ~* ${PHONE_USER_AGENT}, false)`;
    conditions.push(query.device === "phone" ? phone : sql`not ${phone}`);
  }
  if (query.source !== undefined) {
    conditions.push(sql`coalesce(a.attribution->>'utm_source', l.utm_source, ${NONE}) = ${query.source}`);
  }
  const rows = await reportRowsOf<Row>(
    db,
    sql`with steps(idx, step, fields) as (values ${values}),
    cohort as (
      select l.id, l.created_at from leads l left join auctions a on a.lead_id = l.id
      where ${sql.join(conditions, sql` and `)}
    ),
    saves as (
      -- A save by step number, or through the lead update by its fields: two joins, not one on either
      -- condition, so the planner can hash the first (bench/console.ts).
      select lead_id, idx, min(at) as at from (
        select e.lead_id, s.idx, e.created_at as at
        from cohort c join step_events e on e.lead_id = c.id join steps s on e.step = s.step
        union all
        select e.lead_id, s.idx, e.created_at
        from cohort c join step_events e on e.lead_id = c.id and e.step is null and e.slug = 'update'
        join steps s on s.step is null and jsonb_exists_any(e.changes, s.fields)
      ) x
      group by lead_id, idx
      union all
      select a.lead_id, ${final}::int, a.created_at from cohort c join auctions a on a.lead_id = c.id
    ),
    timed as (
      select s.lead_id, s.idx,
        extract(epoch from s.at - coalesce(lag(s.at) over (partition by s.lead_id order by s.idx), c.created_at))::float8 as seconds
      from saves s join cohort c on c.id = s.lead_id
    )
    select 'step' as kind, idx, count(*)::int as n,
      percentile_cont(0.5) within group (order by seconds) filter (where seconds >= 0) as median
    from timed group by idx
    union all
    select 'furthest', f, count(*)::int, null from (select max(idx) as f from saves group by lead_id) x group by f
    union all
    select 'cohort', -1, count(*)::int, null from cohort`,
  );
  const leads = Number(rows.find((r) => r.kind === "cohort")?.n ?? 0);
  const furthest = new Map(rows.filter((r) => r.kind === "furthest").map((r) => [Number(r.idx), Number(r.n)]));
  const saved = new Map(rows.filter((r) => r.kind === "step").map((r) => [Number(r.idx), r]));
  /** Leads whose furthest save on this path is step `k` or later. */
  const atLeast = (k: number) => [...furthest].reduce((sum, [f, n]) => (f >= k ? sum + n : sum), 0);
  return {
    period: query.period,
    bounds: { from: bounds.from.toISOString(), to: bounds.to.toISOString(), tz: bounds.tz },
    path: query.path,
    leads,
    // Reached: saved the step before (the first step: every lead). Left: reached, and saved neither this step
    // nor a later one, so the furthest save is the step before (the first step: no save on the path at all).
    steps: steps.map(({ step }, idx) => {
      const row = saved.get(idx);
      return {
        slug: step.slug,
        path: step.path,
        title: step.title,
        reached: idx === 0 ? leads : atLeast(idx - 1),
        saved: Number(row?.n ?? 0),
        left: idx === 0 ? leads - atLeast(0) : (furthest.get(idx - 1) ?? 0),
        median_seconds: row?.median == null ? null : Number(row.median),
      };
    }),
  };
}
