import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import type { StatementMonthState } from "../../../domain/contracts/console-statements.ts";
import { statements } from "../../platform/db/schema.ts";
import { recordHandedOut, statementOccasion } from "../heads/handed-out-heads.ts";
import type { SignedHead } from "../receipts/receipt-check.ts";
import type { ReceiptKey } from "../receipts/receipt-key.ts";
import { signedHeadNow } from "../receipts/signed-head.ts";
import { liveStatements, type PartnerKind, type Statement } from "./statement-totals.ts";
import { LATE_ROWS_MS } from "../ledger/late-rows.ts";

// Statements closed and read (docs/product/partners.md#statements). A month is closed once its last day has ended
// (UTC): its statements are written once into `statements` (a trigger refuses any change) and read from there ever
// after; the open month is summed live. Closing takes a lock and writes nothing when the month is already closed, so
// every process may try. Each closed statement carries the ledger's head at the close, signed, and that head is
// recorded as handed to every publisher with a statement (docs/decisions/0042-signed-heads-handed-out.md).

/** Any fixed number: one process at a time closes a month. */
const CLOSE_LOCK = 20_003;

export type MonthStatements = {
  month: string;
  state: StatementMonthState;
  /** When its statements were written; null unless closed. */
  closed_at: string | null;
  /** The ledger's head at the close, signed; null while open, or for a month closed before statements carried it. */
  head: SignedHead | null;
  statements: Statement[];
};

/** The first instant after a month (YYYY-MM): when it closes. */
const monthEnd = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1));
};
/** Whether a month may be closed: it has ended, and the ledger's late rows of it are in (late-rows.ts). */
const isClosed = (month: string, now: Date) => monthEnd(month).getTime() + LATE_ROWS_MS <= now.getTime();
const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);
/** The month before the one `now` is in. */
export const previousMonth = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

type Row = typeof statements.$inferSelect;
const statementOf = (r: Row) =>
  ({ partner_kind: r.partnerKind, partner_id: r.partnerId, month: r.month, totals: r.totals }) as Statement;

const storedOf = (db: Db, month: string, partner?: { kind: PartnerKind; id: string }) =>
  db
    .select()
    .from(statements)
    .where(
      partner === undefined
        ? eq(statements.month, month)
        : and(
            eq(statements.month, month),
            eq(statements.partnerKind, partner.kind),
            eq(statements.partnerId, partner.id),
          ),
    )
    .orderBy(asc(statements.partnerKind), asc(statements.partnerId));

/** Closes an ended month: writes its statements unless already written. Answers how many it wrote. */
export async function closeMonth(db: Db, key: ReceiptKey, month: string, now: Date): Promise<number> {
  if (!isClosed(month, now)) return 0;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${CLOSE_LOCK})`);
    const [done] = await tx
      .select({ month: statements.month })
      .from(statements)
      .where(eq(statements.month, month))
      .limit(1);
    if (done !== undefined) return 0;
    const live = await liveStatements(t, month);
    if (live.length === 0) return 0;
    const head = await signedHeadNow(t, key, now);
    await tx.insert(statements).values(
      live.map((s) => ({
        partnerKind: s.partner_kind,
        partnerId: s.partner_id,
        month,
        totals: s.totals,
        closedAt: now,
        head,
      })),
    );
    for (const s of live)
      if (s.partner_kind === "publisher")
        await recordHandedOut(tx, {
          signed: head,
          publisherId: s.partner_id,
          channel: "statement",
          handedFor: statementOccasion(month),
          now,
        });
    return live.length;
  });
}

/**
 * A month's statements: as closed (closing it first if it has ended), or live while it is open. An ended month
 * that closed with no statement at all had no activity: it is said so, never shown as a closed statement.
 */
export async function monthStatements(
  db: Db,
  key: ReceiptKey,
  month: string,
  now: Date,
  partner?: { kind: PartnerKind; id: string },
): Promise<MonthStatements> {
  if (monthStart(month).getTime() > now.getTime())
    return { month, state: "not_started", closed_at: null, head: null, statements: [] };
  if (!isClosed(month, now))
    return { month, state: "open", closed_at: null, head: null, statements: await liveStatements(db, month, partner) };
  await closeMonth(db, key, month, now);
  const rows = await storedOf(db, month, partner);
  const [any] = rows.length > 0 ? rows : await db.select().from(statements).where(eq(statements.month, month)).limit(1);
  if (any === undefined) return { month, state: "no_activity", closed_at: null, head: null, statements: [] };
  return {
    month,
    state: "closed",
    closed_at: any.closedAt.toISOString(),
    head: any.head ?? null,
    statements: rows.map(statementOf),
  };
}
