import { sql, type SQL } from "drizzle-orm";

// Latency percentiles from a histogram (docs/decisions/0047-report-periods-and-profit.md, "The buyer rollup"): the
// buyer rollup keeps, per buyer and bucket, how many calls fell in each log-spaced bin of latency, so p50 and p90 of
// any period are read from the bins' counts instead of sorting every call.

/** Each bin is this many times wider than the one before: bin b >= 1 holds latencies in [RATIO^(b-1), RATIO^b). */
const RATIO = 1.1;

/** The latency's bin, in SQL: 0 for 0 ms, else 1 + floor(log_RATIO(ms)). Computed in SQL alone, so every reader agrees. */
export const binOf = (ms: SQL) =>
  sql`case when ${ms} < 1 then 0 else floor(ln(${ms}) / ln(${RATIO}::float8))::int + 1 end`;

/**
 * What a bin stands for: the geometric middle of its edges, kept inside the whole milliseconds it can hold (a bin
 * narrower than a millisecond holds one, and says it exactly). Any latency in the bin is within sqrt(RATIO) - 1
 * (4.9%) of it.
 */
export function binValue(bin: number): number {
  if (bin <= 0) return 0;
  const low = RATIO ** (bin - 1);
  const high = RATIO ** bin;
  const first = Math.ceil(low);
  const last = Math.max(first, Math.ceil(high) - 1);
  return Math.min(last, Math.max(first, Math.sqrt(low * high)));
}

/** Calls per latency: `ms` the exact latency when read from the raw rows, null when only its bin is known. */
export type LatencyCount = { bin: number; ms: number | null; n: number };

/**
 * The `p` percentile as percentile_cont computes it (interpolated between the two nearest ranks). Exact when every
 * count knows its latency; otherwise every count stands at its bin's value, so a period read partly from the rollup is
 * one histogram, within the bins' error of the exact answer.
 */
export function percentileOf(counts: LatencyCount[], p: number): number | null {
  const exact = counts.every((c) => c.ms !== null);
  const merged = new Map<number, number>();
  for (const c of counts) {
    const value = exact ? c.ms! : binValue(c.bin);
    merged.set(value, (merged.get(value) ?? 0) + c.n);
  }
  const sorted = [...merged.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return null;
  const position = p * (total - 1);
  const below = Math.floor(position);
  const at = (rank: number) => {
    let seen = 0;
    for (const [value, n] of sorted) {
      seen += n;
      if (rank < seen) return value;
    }
    return sorted.at(-1)![0];
  };
  const low = at(below);
  return low + (position - below) * (at(Math.min(below + 1, total - 1)) - low);
}
