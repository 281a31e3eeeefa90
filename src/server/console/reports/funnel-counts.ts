import { sql, type SQL } from "drizzle-orm";
import { NONE } from "../../../domain/contracts/console-reports.ts";
import { PHONE_USER_AGENT } from "./device.ts";
import { APPLY_MARKS, FUNNEL_STEPS } from "./funnel-steps.ts";
import { bucketOf } from "./rollup-buckets.ts";

// The funnel's counts for a set of leads (issue 19), as rows the report adds up: the cohort, each lead's furthest
// step, the saves per step and a histogram of each save's seconds. The same query fills the rollup
// (funnel-rollup.ts, per bucket of the leads' creation) and counts the raw rows the rollup does not hold
// (funnel-report.ts), so the two count alike by construction. funnel-steps.ts says how a saved row is recognised as
// a step.

export type FunnelCount = {
  path: string;
  device: string;
  source: string;
  kind: "cohort" | "furthest" | "saved" | "seconds";
  idx: number;
  bin: number;
  n: number;
};

/**
 * Histogram bins per doubling of (1 + seconds): a bin spans a factor 2^(1/8), and the median read from its middle is
 * within a factor 2^(1/16) (about 4.4%) of the exact one (the contract's median_seconds).
 */
const BINS_PER_DOUBLING = 8;

const textArray = (values: string[]) =>
  values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

const stepValues = sql.join(
  (["main", "apply"] as const).flatMap((path) =>
    FUNNEL_STEPS[path].map(
      (s, idx) => sql`(${path}::text, ${idx}::int, ${s.number}::int, ${textArray(s.fields)}, ${s.submission}::boolean)`,
    ),
  ),
  sql`, `,
);

/** Rows of step_events and auctions the counts may read: all of them, or those created before an instant. */
const madeBefore = (column: SQL, before: string | null) =>
  before === null ? sql`true` : sql`${column} < ${before}::timestamptz`;

/** A lead on the apply path carries the path's mark in its history. */
const pathOf = (before: string | null) =>
  APPLY_MARKS.length === 0
    ? sql`'main'`
    : sql`case when exists (select 1 from step_events m where m.lead_id = l.id and ${madeBefore(sql`m.created_at`, before)}
        and (${sql.join(
          APPLY_MARKS.map(
            (mark) => sql`(m.step = ${mark.number} and jsonb_exists_any(m.changes, ${textArray(mark.fields)}))`,
          ),
          sql` or `,
        )})) then 'apply' else 'main' end`;

/**
 * The counts of the live leads matching `leads` (a condition on `l`), reading only the history made before `before`
 * (null: all of it), per bucket of their creation when `bucketed`.
 */
export function funnelCountsOf(leads: SQL, before: string | null, bucketed: boolean): SQL {
  const bucket = bucketed ? bucketOf(sql`l.created_at`) : sql`null::timestamptz`;
  return sql`with steps(path, idx, step, fields, submission) as (values ${stepValues}),
    cohort as (
      select l.id, l.created_at, ${bucket} as bucket, ${pathOf(before)} as path,
        case when coalesce(l.user_agent ~* ${PHONE_USER_AGENT}, false) then 'phone' else 'desktop' end as device,
        coalesce(a.attribution->>'utm_source', l.utm_source, ${NONE}) as source
      from leads l left join auctions a on a.lead_id = l.id and ${madeBefore(sql`a.created_at`, before)}
      where ${leads} and not l.test_mode
    ),
    saves as (
      -- A save by step number, or through the lead update by its fields: two joins, not one on either condition, so
      -- each can hash. In each, the cohort's events are read first, by lead, then matched to the steps: OFFSET 0
      -- keeps the planner from joining the steps to the cohort first, which read every lead's events once per step
      -- (it cannot tell how many steps a path has).
      select lead_id, idx, min(at) as at from (
        select ev.lead_id, s.idx, ev.at
        from (select e.lead_id, c.path, e.step, e.created_at as at
          from cohort c join step_events e on e.lead_id = c.id and ${madeBefore(sql`e.created_at`, before)}
          offset 0) ev
        join steps s on s.path = ev.path and s.step = ev.step and not s.submission
        union all
        select ev.lead_id, s.idx, ev.at
        from (select e.lead_id, c.path, e.changes, e.created_at as at
          from cohort c join step_events e on e.lead_id = c.id and e.step is null and e.slug = 'update'
            and ${madeBefore(sql`e.created_at`, before)}
          offset 0) ev
        join steps s on s.path = ev.path and s.step is null and not s.submission and jsonb_exists_any(ev.changes, s.fields)
      ) x
      group by lead_id, idx
      union all
      select a.lead_id, s.idx, a.created_at
      from cohort c join auctions a on a.lead_id = c.id and ${madeBefore(sql`a.created_at`, before)}
      join steps s on s.path = c.path and s.submission
    ),
    timed as (
      select s.lead_id, s.idx,
        extract(epoch from s.at - coalesce(lag(s.at) over (partition by s.lead_id order by s.idx), c.created_at))::float8 as seconds
      from saves s join cohort c on c.id = s.lead_id
    )
    select bucket, path, device, source, 'cohort' as kind, -1 as idx, -1 as bin, count(*)::int as n
    from cohort group by bucket, path, device, source
    union all
    select c.bucket, c.path, c.device, c.source, 'furthest', f.idx, -1, count(*)::int
    from (select lead_id, max(idx) as idx from saves group by lead_id) f join cohort c on c.id = f.lead_id
    group by c.bucket, c.path, c.device, c.source, f.idx
    union all
    select c.bucket, c.path, c.device, c.source, 'saved', t.idx, -1, count(*)::int
    from timed t join cohort c on c.id = t.lead_id
    group by c.bucket, c.path, c.device, c.source, t.idx
    union all
    select c.bucket, c.path, c.device, c.source, 'seconds', t.idx,
      floor(${BINS_PER_DOUBLING}::int * ln(1 + t.seconds) / ln(2))::int, count(*)::int
    from timed t join cohort c on c.id = t.lead_id
    where t.seconds >= 0
    group by 1, 2, 3, 4, 5, 6, 7`;
}

/**
 * The median of a step's seconds from its histogram (bin -> count): the middle of the bin holding the middle save,
 * or of the two middle saves' bins averaged when the count is even, as percentile_cont averages them.
 */
export function medianOf(histogram: Map<number, number>): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const bins = [...histogram].sort((a, b) => a[0] - b[0]);
  const binAt = (rank: number) => {
    let seen = 0;
    for (const [bin, n] of bins) {
      seen += n;
      if (seen >= rank) return bin;
    }
    throw new Error("rank past the histogram");
  };
  const middle = (bin: number) => 2 ** ((bin + 0.5) / BINS_PER_DOUBLING) - 1;
  const value =
    total % 2 === 1 ? middle(binAt((total + 1) / 2)) : (middle(binAt(total / 2)) + middle(binAt(total / 2 + 1))) / 2;
  return Math.round(value * 10) / 10;
}
