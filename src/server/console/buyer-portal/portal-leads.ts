import { sql, type SQL } from "drizzle-orm";
import { PORTAL_LEADS_PAGE, type PortalSoldLead } from "../../../domain/contracts/portal-leads.ts";
import type { ReturnState } from "../../../domain/contracts/partner-api.ts";
import type { Db } from "../../platform/db/database.ts";
import { rowsOf } from "../../platform/db/rows-of.ts";
import { endOf, startOf } from "../filters/filter-dates.ts";

// The leads sold to one buyer (docs/product/buyer-money.md#the-buyer-portal): its accepted post, or the auction decided
// for it (a run that died after the sale and before the decision has the first only). What the list says of each
// names no one: when, for how much, the state and amount, and its latest return. The lead row's status rides along
// for the view, which must not open an erased lead.

export type SoldLead = PortalSoldLead & { leadStatus: string };

type Row = Omit<PortalSoldLead, "test"> & { test: boolean | null; lead_status: string };

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The buyer's sales, one row a lead, `only` narrowing them to one lead. */
function salesOf(buyerId: string, only?: string): SQL {
  const lead = (column: SQL) => (only === undefined ? sql`` : sql` and ${column} = ${only}`);
  // A sale's time and price are the auction's decision when it has one, else its accepted post's.
  const decided = sql`a.status = 'accepted' and a.buyer_id = ${buyerId}`;
  return sql`with sold as (
      select c.lead_id from buyer_calls c
        where c.buyer_id = ${buyerId} and c.kind = 'post' and c.state = 'accepted'${lead(sql`c.lead_id`)}
      union
      select a.lead_id from auctions a where a.buyer_id = ${buyerId} and a.status = 'accepted'${lead(sql`a.lead_id`)}
    ), sales as (
      select s.lead_id,
        coalesce(case when ${decided} then a.decided_at end, p.finished_at, p.created_at, a.created_at) as sold_at,
        coalesce(case when ${decided} then a.price_cents end, p.price_cents) as price_cents,
        l.state, l.loan_amount, l.test_mode or coalesce(a.test_mode, false) as test, l.status as lead_status
      from sold s
        join leads l on l.id = s.lead_id
        left join auctions a on a.lead_id = s.lead_id
        left join buyer_calls p on p.lead_id = s.lead_id and p.kind = 'post' and p.state = 'accepted'
          and p.buyer_id = ${buyerId}
    )`;
}

const returnState = (buyerId: string) => sql`(select r.state from lead_returns r
  where r.lead_id = sales.lead_id and r.buyer_id = ${buyerId} order by r.requested_at desc, r.id desc limit 1)`;

const columns = (buyerId: string) => sql`sales.lead_id, ${isoTime(sql`sales.sold_at`)} as sold_at, sales.price_cents,
  sales.state, sales.loan_amount, sales.test, sales.lead_status, ${returnState(buyerId)} as return_state`;

const soldLeadOf = (r: Row): SoldLead => ({
  lead_id: r.lead_id,
  sold_at: r.sold_at,
  price_cents: r.price_cents === null ? null : Number(r.price_cents),
  state: r.state,
  loan_amount: r.loan_amount === null ? null : Number(r.loan_amount),
  test: r.test === true,
  return_state: (r.return_state as ReturnState | null) ?? null,
  leadStatus: r.lead_status,
});

export type SoldLeadsQuery = { from?: string | undefined; to?: string | undefined; page: number };

/** One page of the buyer's sales, newest first, and how many the period holds. */
export async function soldLeads(
  db: Db,
  buyerId: string,
  query: SoldLeadsQuery,
): Promise<{ leads: SoldLead[]; total: number }> {
  const bounds = [
    query.from ? sql`sales.sold_at >= ${startOf(query.from).toISOString()}::timestamptz` : undefined,
    query.to ? sql`sales.sold_at < ${endOf(query.to).toISOString()}::timestamptz` : undefined,
  ].filter((b) => b !== undefined);
  const where = bounds.length ? sql`where ${sql.join(bounds, sql` and `)}` : sql``;
  const offset = (query.page - 1) * PORTAL_LEADS_PAGE;
  const [rows, counted] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`${salesOf(buyerId)} select ${columns(buyerId)} from sales ${where}
        order by sales.sold_at desc, sales.lead_id desc limit ${PORTAL_LEADS_PAGE} offset ${offset}`,
    ),
    rowsOf<{ n: number | string }>(db, sql`${salesOf(buyerId)} select count(*)::int as n from sales ${where}`),
  ]);
  return { leads: rows.map(soldLeadOf), total: Number(counted[0]?.n ?? 0) };
}

/** The lead if it was sold to this buyer; undefined for any other, sold to another buyer, to nobody, or unknown. */
export async function soldLead(db: Db, buyerId: string, leadId: string): Promise<SoldLead | undefined> {
  const [row] = await rowsOf<Row>(db, sql`${salesOf(buyerId, leadId)} select ${columns(buyerId)} from sales`);
  return row && soldLeadOf(row);
}
