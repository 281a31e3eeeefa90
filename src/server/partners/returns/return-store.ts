import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { BuyerReturn, ReturnState } from "../../../domain/contracts/partner-api.ts";
import type { ReturnReason } from "../../../domain/partners/publisher.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { ledgerEntries, leadReturns, operators } from "../../platform/db/schema.ts";
import { monthOf } from "../ledger/ledger-chain.ts";
import { saleOf } from "./lead-sale.ts";
import { allowedReturns, monthRange, windowEndOf, type ReturnTerms } from "./return-terms.ts";

// Filing a return (docs/product/partners.md#returns): the same rules whether the buyer calls the API or an operator
// files it on the buyer's behalf. Each check and the insert run in one transaction under a lock per buyer, so two
// returns sent at once cannot both take the cap's last place.

export type ReturnRow = typeof leadReturns.$inferSelect;
export type FiledReturn = { id: string; lead_id: string; state: "pending"; requested_at: string };
export type FileRefusal = { status: 404 | 409 | 422; message: string };

/** One answer for a lead never sold and a lead sold to another buyer: a buyer learns nothing of others' leads. */
export const NOT_YOURS = "No lead of yours has that id.";

/** Where a return was filed: the buyer API, an operator on the buyer's behalf, or the buyer's own portal. */
type ReturnSource = "api" | "console" | "portal";

/** What the buyer hears of a return it filed (the buyer API and the portal alike). */
export const RETURN_RECEIVED = "Return received; it is pending review.";

/** Any fixed number: with the buyer's hash, the lock that serialises one buyer's returns. */
const RETURNS_LOCK = 20_002;

const day = (d: Date) => d.toISOString().slice(0, 10);

export type ReturnFiling = {
  buyerId: string;
  leadId: string;
  reason: ReturnReason;
  note?: string | undefined;
  source: ReturnSource;
  terms: ReturnTerms;
  now?: Date;
  /** Runs in the same transaction once the return is written (the console's audit entry). */
  onFiled?: (tx: Tx, filed: FiledReturn) => Promise<void>;
};

export async function fileReturn(db: Db, filing: ReturnFiling): Promise<FiledReturn | FileRefusal> {
  const now = filing.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RETURNS_LOCK}, hashtext(${filing.buyerId}))`);
    const sale = await saleOf(tx, filing.leadId);
    if (sale === undefined || sale.buyerId !== filing.buyerId) return { status: 404, message: NOT_YOURS };

    const [open] = await tx
      .select({ state: leadReturns.state })
      .from(leadReturns)
      .where(and(eq(leadReturns.leadId, filing.leadId), inArray(leadReturns.state, ["pending", "approved"])));
    if (open !== undefined)
      return { status: 409, message: `This lead was returned already; that return is ${open.state}.` };

    const closes = windowEndOf(sale.soldAt, filing.terms);
    if (now.getTime() > closes.getTime())
      return {
        status: 422,
        message: `The return window for this lead closed on ${day(closes)}: a lead is returned within ${filing.terms.window_days} days of its sale.`,
      };

    const { start, end } = monthRange(now);
    const [bought] = await tx
      .select({ n: count() })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.buyerId, filing.buyerId),
          eq(ledgerEntries.kind, "sold"),
          eq(ledgerEntries.month, monthOf(now)),
        ),
      );
    const [used] = await tx
      .select({ n: count() })
      .from(leadReturns)
      .where(
        and(
          eq(leadReturns.buyerId, filing.buyerId),
          inArray(leadReturns.state, ["pending", "approved"]),
          gte(leadReturns.requestedAt, start),
          lt(leadReturns.requestedAt, end),
        ),
      );
    const allowed = allowedReturns(bought?.n ?? 0, filing.terms);
    if ((used?.n ?? 0) + 1 > allowed)
      return {
        status: 422,
        message: `This return is over your monthly return cap: ${used?.n ?? 0} of ${allowed} returns used this month (${filing.terms.cap_percent}% of the ${bought?.n ?? 0} leads you bought this month, at least one).`,
      };

    const filed: FiledReturn = {
      id: `ret_${randomBytes(8).toString("hex")}`,
      lead_id: filing.leadId,
      state: "pending",
      requested_at: now.toISOString(),
    };
    await tx.insert(leadReturns).values({
      id: filed.id,
      leadId: filing.leadId,
      buyerId: filing.buyerId,
      reason: filing.reason,
      note: filing.note || null,
      source: filing.source,
      requestedAt: now,
    });
    await filing.onFiled?.(tx, filed);
    return filed;
  });
}

export const isRefusal = (r: FiledReturn | FileRefusal): r is FileRefusal => "status" in r;

export const buyerReturnOf = (r: ReturnRow): BuyerReturn => ({
  id: r.id,
  lead_id: r.leadId,
  reason: r.reason as ReturnReason,
  note: r.note,
  state: r.state,
  requested_at: r.requestedAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
  decision_note: r.decisionNote,
});

/** A buyer's returns, newest first, of one state or all; at most `limit`. */
export async function returnsOfBuyer(db: Db, buyerId: string, state?: ReturnState, limit = 500): Promise<ReturnRow[]> {
  return db
    .select()
    .from(leadReturns)
    .where(and(eq(leadReturns.buyerId, buyerId), state ? eq(leadReturns.state, state) : undefined))
    .orderBy(desc(leadReturns.requestedAt), desc(leadReturns.id))
    .limit(limit);
}

/** A lead's latest return, whatever its state. */
export async function latestReturnOf(db: Db, leadId: string): Promise<ReturnRow | undefined> {
  const [row] = await db
    .select()
    .from(leadReturns)
    .where(eq(leadReturns.leadId, leadId))
    .orderBy(desc(leadReturns.requestedAt), desc(leadReturns.id))
    .limit(1);
  return row;
}

/** The console's queue: pending first (oldest first, as they wait), then the decided, newest first. */
export async function returnsQueue(
  db: Db,
  state?: ReturnState,
  limit = 100,
): Promise<(ReturnRow & { decidedByEmail: string | null })[]> {
  const rows = await db
    .select({ row: leadReturns, email: operators.email })
    .from(leadReturns)
    .leftJoin(operators, eq(operators.id, leadReturns.decidedBy))
    .where(state ? eq(leadReturns.state, state) : undefined)
    .orderBy(
      sql`case when ${leadReturns.state} = 'pending' then 0 else 1 end`,
      sql`case when ${leadReturns.state} = 'pending' then ${leadReturns.requestedAt} end asc`,
      desc(leadReturns.decidedAt),
      desc(leadReturns.id),
    )
    .limit(limit);
  return rows.map((r) => ({ ...r.row, decidedByEmail: r.email }));
}
