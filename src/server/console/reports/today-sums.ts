import { sql, type SQL } from "drizzle-orm";
import type { TodayQuery } from "../../../domain/contracts/console-reports.ts";

// The pieces of the Today report's counting that its raw query (today-report.ts) and its rollup
// (today-rollup.ts) share, so the two count the same way by construction.

/** A submitted lead's buyer calls: any at all (it was sent), pings that bid, and posts to a buyer that bid. */
export const callCountsOf = (leadId: SQL): SQL => sql`(
  select count(*) as calls,
    count(*) filter (where c.kind = 'ping' and c.state = 'bid') as bids,
    count(*) filter (where c.kind = 'post' and exists (
      select 1 from buyer_calls b
      where b.lead_id = c.lead_id and b.buyer_id = c.buyer_id and b.kind = 'ping' and b.state = 'bid')) as posts_after_bid
  from buyer_calls c where c.lead_id = ${leadId}
)`;

const narrowingFilters = (query: TodayQuery): SQL[] =>
  [
    query.source !== undefined ? sql`source = ${query.source}` : undefined,
    query.aff_id !== undefined ? sql`aff_id = ${query.aff_id}` : undefined,
    query.brand !== undefined ? sql`brand = ${query.brand}` : undefined,
  ].filter((x) => x !== undefined);

/** Whether the report is narrowed to a source, publisher or brand. */
export const narrows = (query: TodayQuery): boolean => narrowingFilters(query).length > 0;

/** The report's narrowing, on columns named source, aff_id and brand (as every cell query names them). */
export function narrowing(query: TodayQuery): SQL {
  const filters = narrowingFilters(query);
  return filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
}

/** The same narrowing as more conditions of a `where` already begun. */
export function alsoNarrowed(query: TodayQuery): SQL {
  const filters = narrowingFilters(query);
  return filters.length > 0 ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
}
