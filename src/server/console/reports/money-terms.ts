import { sql } from "drizzle-orm";
import { NONE } from "../../../domain/contracts/console-reports.ts";

// How Today and the buyer rollup read a ledger row `e` (joined to its lead's auction `a`) as money: returns and
// publishers' payouts (docs/decisions/0035-partners-money.md), and whose they are.

export const none = sql.raw(`'${NONE}'`);

export const moneyKinds = sql`e.kind in ('returned', 'payout_earned', 'payout_reversed')`;
export const returnedOf = sql`case when e.kind = 'returned' then -e.amount_cents else 0 end`;
export const payoutOf = sql`case when e.kind = 'returned' then 0 else e.amount_cents end`;
/** The return's buyer, or the sold auction's for a payout. */
export const buyerOf = sql`coalesce(case when e.kind = 'returned' then e.buyer_id end, a.buyer_id, ${none})`;
