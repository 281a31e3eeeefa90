import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";

// Return rates (docs/product/partners.md#returns), from the ledger alone: per buyer, its `returned` rows over its
// `sold` rows of a month; per publisher, the same counted over the leads whose payout was its (a `payout_earned`
// row naming it).

export type RateRow = { id: string; month: string; sold: number; returned: number; rate: number | null };

/** The rows of a raw query as rates, on PGlite and node-postgres alike. */
const ratesOf = (result: unknown): RateRow[] =>
  (result as { rows: Record<string, unknown>[] }).rows.map((r) => {
    const sold = Number(r.sold);
    const returned = Number(r.returned);
    return { id: String(r.id), month: String(r.month), sold, returned, rate: sold === 0 ? null : returned / sold };
  });

export async function returnRates(db: Db, months: string[]): Promise<{ buyers: RateRow[]; publishers: RateRow[] }> {
  const inMonths = sql.join(
    months.map((m) => sql`${m}`),
    sql`, `,
  );
  const buyers = await db.execute(sql`
    select buyer_id as id, month,
      count(*) filter (where kind = 'sold') as sold,
      count(*) filter (where kind = 'returned') as returned
    from ledger_entries
    where kind in ('sold', 'returned') and buyer_id is not null and month in (${inMonths})
    group by buyer_id, month
    order by buyer_id, month desc`);
  const publishers = await db.execute(sql`
    select p.publisher_id as id, l.month,
      count(*) filter (where l.kind = 'sold') as sold,
      count(*) filter (where l.kind = 'returned') as returned
    from ledger_entries l
    join ledger_entries p on p.lead_id = l.lead_id and p.kind = 'payout_earned' and p.publisher_id is not null
    where l.kind in ('sold', 'returned') and l.month in (${inMonths})
    group by p.publisher_id, l.month
    order by p.publisher_id, l.month desc`);
  return { buyers: ratesOf(buyers), publishers: ratesOf(publishers) };
}
