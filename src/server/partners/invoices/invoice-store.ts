import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Billing } from "../../../domain/buyers/billing.ts";
import type { Invoice, InvoiceTotals } from "../../../domain/buyers/invoices.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { invoices } from "../../platform/db/schema.ts";
import { queueMail } from "../../platform/mail/mail-outbox.ts";
import { monthOf } from "../ledger/ledger-chain.ts";
import { invoiceMail } from "./invoice-mail.ts";
import {
  addDays,
  dayStart,
  isClosable,
  lastClosablePeriod,
  nextPeriod,
  periodEndsAt,
  periodOf,
  type Period,
} from "./invoice-periods.ts";

// Invoices closed and read (docs/product/buyer-money.md#invoices). Each billed buyer's invoices follow on from one
// another, each summed from its ledger rows of the period; a period without a row gets none. An invoice is written
// under one lock for all buyers, which makes its number max + 1: numbers have no gap, as a transaction that fails
// takes its number with it. Its mail is queued in the same transaction, so it goes once. Every process may close:
// under the lock, a period already closed is seen and skipped.

/** What closing needs of a buyer: its billing as configured now. */
export type InvoicedBuyer = { id: string; name: string; billing: Billing };

/** The ledger's kinds an invoice counts. */
const KINDS = sql`('sold', 'returned', 'payment')`;

/** After this many rounds a pass stops: each round closes at least one period of a buyer, or ends the pass. */
const MAX_ROUNDS = 1_000;

const rowsOf = async <T>(db: Db | Tx, query: SQL) => (await db.execute(query)) as unknown as { rows: T[] };

type Row = typeof invoices.$inferSelect;
const invoiceOf = (r: Row): Invoice => ({
  number: r.number,
  buyer_id: r.buyerId,
  period: r.period,
  period_start: r.periodStart,
  period_end: r.periodEnd,
  closed_at: r.closedAt.toISOString(),
  totals: r.totals as InvoiceTotals,
});

/**
 * Each billed buyer's next period to close at `now`, if one is due: the day after its last invoice (or, for its first,
 * the start of the last period closable now) and the day of its first ledger row from then, in one statement.
 */
async function duePeriods(db: Db | Tx, buyers: InvoicedBuyer[], now: Date) {
  const billed = buyers.filter((b) => b.billing.kind !== "none");
  if (billed.length === 0) return [];
  const asked = billed.map((b) => ({ id: b.id, first_since: lastClosablePeriod(b.billing.invoicePeriod, now).start }));
  const { rows } = await rowsOf<{ id: string; since: string; first_day: string | null }>(
    db,
    sql`with b as (
        select b.id, coalesce(
            (select max(i.period_end)::date + 1 from invoices i where i.buyer_id = b.id), b.first_since) as since
          from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as b(id text, first_since date))
      select b.id, to_char(b.since, 'YYYY-MM-DD') as since,
          (select to_char(min(l.at) at time zone 'UTC', 'YYYY-MM-DD') from ledger_entries l
            where l.buyer_id = b.id and l.kind in ${KINDS} and l.month >= to_char(b.since, 'YYYY-MM')
              and l.at >= b.since::timestamp at time zone 'UTC') as first_day
        from b`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const due: { buyer: InvoicedBuyer; period: Period }[] = [];
  // In the order given: the statement's rows come in no order of their own.
  for (const buyer of billed) {
    const row = byId.get(buyer.id);
    if (row === undefined || row.first_day === null) continue;
    const period = nextPeriod(buyer.billing.invoicePeriod, row.since, row.first_day);
    if (isClosable(period, now)) due.push({ buyer, period });
  }
  return due;
}

/**
 * A period's totals from the buyer's ledger rows; its balance counts from the start of the buyer's first invoice
 * (`from`), as an account starts when the buyer is first billed.
 */
async function invoiceTotals(db: Db | Tx, buyerId: string, period: Period, from: string): Promise<InvoiceTotals> {
  const start = sql`${dayStart(period.start).toISOString()}::timestamptz`;
  const anchor = dayStart(from);
  const ends = periodEndsAt(period);
  const { rows } = await rowsOf<Record<string, string | number>>(
    db,
    sql`select
        count(*) filter (where kind = 'sold' and at >= ${start}) as leads_sold,
        coalesce(sum(amount_cents) filter (where kind = 'sold' and at >= ${start}), 0) as sold_cents,
        count(*) filter (where kind = 'returned' and at >= ${start}) as returns,
        coalesce(sum(amount_cents) filter (where kind = 'returned' and at >= ${start}), 0) as returned_cents,
        count(*) filter (where kind = 'payment' and at >= ${start}) as payments,
        coalesce(sum(amount_cents) filter (where kind = 'payment' and at >= ${start}), 0) as paid_cents,
        coalesce(sum(case when kind = 'payment' then amount_cents else -amount_cents end), 0) as balance_cents
      from ledger_entries
      where buyer_id = ${buyerId} and kind in ${KINDS} and at >= ${anchor.toISOString()}::timestamptz and at < ${ends.toISOString()}::timestamptz
        and month between ${monthOf(anchor)} and ${period.end.slice(0, 7)}`,
  );
  const n = (key: string) => Number(rows[0]?.[key] ?? 0);
  const net = n("sold_cents") + n("returned_cents");
  return {
    leads_sold: n("leads_sold"),
    sold_cents: n("sold_cents"),
    returns: n("returns"),
    returned_cents: n("returned_cents"),
    payments: n("payments"),
    paid_cents: n("paid_cents"),
    net_cents: net,
    opening_balance_cents: n("balance_cents") - n("paid_cents") + net,
    balance_cents: n("balance_cents"),
  };
}

/**
 * Closes one buyer's next period, if it is still due under the lock: the invoice, numbered max + 1, and its mail to
 * the billing address. Answers the invoice, or null when there was nothing to close (another process closed it).
 */
async function closeNext(db: Db, buyer: InvoicedBuyer, now: Date): Promise<Invoice | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoice-numbers'))`);
    const [due] = await duePeriods(tx, [buyer], now);
    if (due === undefined) return null;
    const { rows } = await rowsOf<{ next: number | string; first: string | null }>(
      tx,
      sql`select coalesce(max(number), 0) + 1 as next,
          (select min(period_start) from invoices where buyer_id = ${buyer.id}) as first
        from invoices`,
    );
    const [head] = rows;
    const totals = await invoiceTotals(tx, buyer.id, due.period, head?.first ?? due.period.start);
    const [row] = await tx
      .insert(invoices)
      .values({
        number: Number(head?.next ?? 1),
        buyerId: buyer.id,
        period: due.period.kind,
        periodStart: due.period.start,
        periodEnd: due.period.end,
        totals,
        closedAt: now,
      })
      .returning();
    const invoice = invoiceOf(row!);
    if (buyer.billing.email) await queueMail(tx, invoiceMail(buyer, buyer.billing.email, invoice));
    return invoice;
  });
}

/**
 * Closes every billed buyer's ended periods that have no invoice yet, oldest first. A buyer whose close fails is
 * left for the next pass (counted in `failed`), and the others are closed.
 */
export async function closeInvoices(
  db: Db,
  buyers: InvoicedBuyer[],
  now: Date,
  stopping: () => boolean = () => false,
): Promise<{ closed: number; failed: number }> {
  const failed = new Set<string>();
  let closed = 0;
  for (let round = 0; round < MAX_ROUNDS && !stopping(); round++) {
    const due = await duePeriods(
      db,
      buyers.filter((b) => !failed.has(b.id)),
      now,
    );
    if (due.length === 0) break;
    for (const { buyer } of due) {
      if (stopping()) break;
      try {
        if ((await closeNext(db, buyer, now)) !== null) closed += 1;
      } catch {
        failed.add(buyer.id);
      }
    }
  }
  return { closed, failed: failed.size };
}

/** Invoices newest first: of one buyer or all, before a number (the page before), at most `limit`. */
export async function listInvoices(
  db: Db,
  options: { buyerId?: string | undefined; before?: number | undefined; limit: number },
): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        options.buyerId === undefined ? undefined : eq(invoices.buyerId, options.buyerId),
        options.before === undefined ? undefined : lt(invoices.number, options.before),
      ),
    )
    .orderBy(desc(invoices.number))
    .limit(options.limit);
  return rows.map(invoiceOf);
}

/** One invoice by its number; with `buyerId`, only if it is that buyer's (the buyer portal's read). */
/**
 * The buyer's current period so far, as an invoice not closed (number 0, a draft; docs/product/buyer-money.md#invoices):
 * from the day after its last invoice's end (or the period's start), to today, summed as the close will sum it. What a
 * buyer downloads to check its month before it is closed; it is never numbered, stored or mailed.
 */
export async function draftInvoice(db: Db, buyer: InvoicedBuyer, now: Date): Promise<Invoice> {
  const today = now.toISOString().slice(0, 10);
  const current = periodOf(buyer.billing.invoicePeriod, today);
  const { rows } = await rowsOf<{ last_end: string | null; first: string | null }>(
    db,
    sql`select max(period_end) as last_end, min(period_start) as first from invoices where buyer_id = ${buyer.id}`,
  );
  const lastEnd = rows[0]?.last_end ?? null;
  const start = lastEnd !== null && addDays(lastEnd, 1) > current.start ? addDays(lastEnd, 1) : current.start;
  const period: Period = { kind: current.kind, start, end: today };
  const totals = await invoiceTotals(db, buyer.id, period, rows[0]?.first ?? start);
  return {
    number: 0,
    buyer_id: buyer.id,
    period: period.kind,
    period_start: period.start,
    period_end: period.end,
    closed_at: now.toISOString(),
    totals,
  };
}

export async function findInvoice(db: Db, number: number, buyerId?: string): Promise<Invoice | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.number, number), buyerId === undefined ? undefined : eq(invoices.buyerId, buyerId)));
  return row === undefined ? undefined : invoiceOf(row);
}

export type InvoiceLine = { at: string; kind: "sold" | "returned" | "payment"; lead_id: string; amount_cents: number };

/** The ledger rows an invoice sums: the buyer's sales, returns and payments of the period, in the ledger's order. */
export async function invoiceLines(db: Db, invoice: Invoice): Promise<InvoiceLine[]> {
  const period = { end: invoice.period_end };
  const { rows } = await rowsOf<{
    at: string | Date;
    kind: InvoiceLine["kind"];
    lead_id: string;
    amount_cents: string;
  }>(
    db,
    sql`select at, kind, lead_id, amount_cents from ledger_entries
      where buyer_id = ${invoice.buyer_id} and kind in ${KINDS}
        and at >= ${dayStart(invoice.period_start).toISOString()}::timestamptz
        and at < ${periodEndsAt(period).toISOString()}::timestamptz
        and month between ${invoice.period_start.slice(0, 7)} and ${invoice.period_end.slice(0, 7)}
      order by seq`,
  );
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    kind: r.kind,
    lead_id: r.lead_id,
    amount_cents: Number(r.amount_cents),
  }));
}
