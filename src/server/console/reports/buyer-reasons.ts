import { sql } from "drizzle-orm";
import { NONE, type BuyerReasons, type TodayQuery } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { affIdOf, brandOf, inPeriod, isLive, sourceOf } from "../lead-scope/lead-scope.ts";
import { periodBounds, reportTransaction, rowsOf } from "./report-period.ts";
import { narrowing } from "./today-sums.ts";

// Why the buyers turned the period's rejected applications down (issue 31): the reason each buyer gave, as the
// auction recorded it in buyer_calls, rather than only the auction's own "no buyer accepted". The definitions are the
// contract's (buyerReasonsAnswer in src/domain/contracts/console-reports.ts).

const scoped = { lead: sql.raw("l"), auction: sql.raw("a") };

/** A buyer's refusal: a ping it declined or that failed, a post it refused or answered unreadably. */
const refused = sql`((c.kind = 'ping' and c.state in ('no_bid', 'error', 'unreadable'))
  or (c.kind = 'post' and c.state in ('rejected', 'unreadable')))`;

/**
 * Not a buyer's own answer: a shadow buyer's (its reasons prefixed "shadow: ", docs/product/lender-network.md#shadow-mode)
 * and the posts the auction closed itself, never resent after an opt-out or to a buyer since removed (auction.ts).
 */
const ours = sql`(c.reason like 'shadow: %' or c.reason like 'not resent: %' or c.reason = 'buyer removed')`;

// A reason is a buyer's free text, kept as written before calls' reasons were masked: what may reach a person is taken
// out before it is counted, for roles that see no personal data, so reasons that then read the same are one row with
// its leads counted once. The rule of src/domain/contact-details.ts, in PostgreSQL's regular expressions.
const shownReason = sql`regexp_replace(regexp_replace(c.reason,
  '[^[:space:]@<>()"'',;:]+@[^[:space:]@<>()"'',;:]+[.][^[:space:]@<>()"'',;:]+', '[e-mail]', 'g'),
  '[[:digit:]]([^[:alnum:]]{0,3}[[:digit:]]){6,}', '[number]', 'g')`;

type Row = { stage: "ping" | "post"; reason: string; answers: number | string; leads: number | string };

export async function buyerReasons(db: Db, query: TodayQuery, now: Date): Promise<BuyerReasons> {
  const bounds = await periodBounds(db, query, now);
  const from = bounds.from.toISOString();
  const to = bounds.to.toISOString();
  // The period's rejected applications first, each narrowed once by its own dimensions; then their refusing calls.
  const rows = await reportTransaction(db, (tx) =>
    rowsOf<Row>(
      tx,
      sql`with rejected as (
        select a.lead_id, ${sourceOf(scoped)} as source, ${affIdOf(scoped)} as aff_id, ${brandOf(scoped)} as brand
        from auctions a join leads l on l.id = a.lead_id
        where ${inPeriod(sql`a.created_at`, from, to)} and a.status = 'rejected' and ${isLive(scoped)}
      )
      select c.kind as stage, coalesce(${shownReason}, ${NONE}) as reason, count(*)::int as answers,
        count(distinct c.lead_id)::int as leads
      from (select lead_id from rejected ${narrowing(query)}) r
      join buyer_calls c on c.lead_id = r.lead_id
      where ${refused} and not coalesce(${ours}, false)
      group by 1, 2`,
    ),
  );
  return {
    bounds: { from, to, tz: bounds.tz },
    reasons: rows
      .map((r) => ({ stage: r.stage, reason: r.reason, answers: Number(r.answers), leads: Number(r.leads) }))
      .sort((a, b) => b.answers - a.answers || a.stage.localeCompare(b.stage) || a.reason.localeCompare(b.reason)),
  };
}
