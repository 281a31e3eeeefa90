import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { rollupCoveredTo, WIDEST_BLOCK } from "../reports/today-rollup.ts";
import { sourceOf } from "../lead-scope/lead-scope.ts";

// The pick lists of the leads search's buyer and source filters. Buyers: every configured one, paused or not.
// Sources: the values the source filter compares (lead-scope's sourceOf), as the Today rollup has kept them, and
// those of the leads started or submitted since the rollup last ran, read through the creation indexes: the list
// costs the same at 500,000 leads as at 500. The rollup's widest blocks hold every source its buckets do, in a
// sixty-fourth of the rows.

export type LeadFilterValues = { buyers: { id: string; name: string }[]; sources: string[] };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function leadFilterValues(db: Db): Promise<LeadFilterValues> {
  const since = (await rollupCoveredTo(db))?.toISOString() ?? null;
  const source = sourceOf({ lead: sql`l`, auction: sql`a` });
  const after = (column: SQL) => (since === null ? sql`` : sql`where ${column} >= ${since}::timestamptz`);
  const [buyerRows, sourceRows] = await Promise.all([
    db.execute(sql`select id, coalesce(config->>'name', id) as name from buyers order by 2, 1`),
    db.execute(sql`
      select source from today_rollup where span = ${WIDEST_BLOCK}
      union
      select ${source} from leads l left join auctions a on a.lead_id = l.id
        ${after(sql`l.created_at`)}
      union
      select ${source} from auctions a join leads l on l.id = a.lead_id
        ${after(sql`a.created_at`)}
      order by 1`),
  ]);
  return {
    buyers: rowsOf<{ id: string; name: string }>(buyerRows),
    sources: rowsOf<{ source: string }>(sourceRows).map((r) => r.source),
  };
}
