import { and, eq, gte, sql } from "drizzle-orm";
import { periodStart } from "../../distribution/auction/zoned-time.ts";
import type { Db } from "../../platform/db/database.ts";
import { auctions } from "../../platform/db/schema.ts";

// A publisher's caps on posted leads (docs/decisions/0052-posted-terms.md): its live posted leads since its own local
// hour, day and month began, against the caps the console set. Test leads never count.

export type CapPeriod = "hourly" | "daily" | "monthly";
const PERIOD = { hourly: "hour", daily: "day", monthly: "month" } as const;

export type PostedCaps = Record<CapPeriod, number | null> & { timeZone: string };
export type CapUse = Record<CapPeriod, number>;

export const hasCaps = (caps: PostedCaps) => caps.hourly !== null || caps.daily !== null || caps.monthly !== null;

/** The publisher's posted leads in its current hour, day and month, in one statement. */
export async function postedCapUse(db: Db, publisherId: string, timeZone: string, now: Date): Promise<CapUse> {
  const since = (p: CapPeriod) => periodStart(now, timeZone, PERIOD[p]);
  const [use] = await db
    .select({
      hourly: sql<number>`count(*) filter (where ${auctions.createdAt} >= ${since("hourly").toISOString()})::int`,
      daily: sql<number>`count(*) filter (where ${auctions.createdAt} >= ${since("daily").toISOString()})::int`,
      monthly: sql<number>`count(*)::int`,
    })
    .from(auctions)
    .where(
      and(eq(auctions.postedBy, publisherId), eq(auctions.testMode, false), gte(auctions.createdAt, since("monthly"))),
    );
  return use ?? { hourly: 0, daily: 0, monthly: 0 };
}

/** When the period that holds `now` ends, in the publisher's time zone. */
function periodEnd(now: Date, timeZone: string, period: CapPeriod): Date {
  const start = periodStart(now, timeZone, PERIOD[period]);
  if (period === "hourly") return new Date(start.getTime() + 3_600_000);
  // A day or a month on (a day of 23 or 25 hours, a month of 28 to 31 days): the start of the period after.
  const ahead = period === "daily" ? 26 * 3_600_000 : 32 * 86_400_000;
  return periodStart(new Date(start.getTime() + ahead), timeZone, PERIOD[period]);
}

/**
 * The caps the publisher has used up now, and how many seconds until all of them have room again; none full: null.
 * Under the caller's lock when it goes on to write a lead (lockPostedCaps), so two posts cannot share the last one.
 */
export async function fullCaps(
  db: Db,
  publisherId: string,
  caps: PostedCaps,
  now: Date,
): Promise<{ full: CapPeriod[]; retryAfterSeconds: number } | null> {
  if (!hasCaps(caps)) return null;
  const use = await postedCapUse(db, publisherId, caps.timeZone, now);
  const full = (["hourly", "daily", "monthly"] as const).filter((p) => caps[p] !== null && use[p] >= caps[p]!);
  if (full.length === 0) return null;
  const reopens = Math.max(...full.map((p) => periodEnd(now, caps.timeZone, p).getTime()));
  return { full, retryAfterSeconds: Math.max(1, Math.ceil((reopens - now.getTime()) / 1000)) };
}

/** Holds the publisher's caps until the caller's transaction ends: posts of one publisher count one at a time. */
export async function lockPostedCaps(tx: Db, publisherId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`posted-caps:${publisherId}`}))`);
}
