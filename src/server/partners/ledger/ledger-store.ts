import { asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database.ts";
import { ledgerEntries } from "../../platform/db/schema.ts";
import {
  chainHash,
  digestOf,
  firstBreak,
  GENESIS_HASH,
  monthOf,
  type ChainedRow,
  type LedgerContent,
  type LedgerKind,
} from "./ledger-chain.ts";

// Writing and reading the ledger (docs/product/partners.md#the-ledger). Rows are appended one transaction at a
// time under an advisory lock, so each takes the next number and the hash of the row before it; a (lead, kind)
// already written is skipped, which makes every writer safe to run again.

export type LedgerEvent = {
  kind: LedgerKind;
  leadId: string;
  buyerId?: string | null;
  publisherId?: string | null;
  amountCents: number;
  /** When it happened, if not at the append: only the seeded volume's history gives one (docs/decisions/0045-seeded-volume.md). */
  at?: Date;
};

export type LedgerRow = LedgerContent & { digest: string; prev_hash: string; hash: string };

type Row = typeof ledgerEntries.$inferSelect;

const rowOf = (r: Row): LedgerRow => ({
  seq: r.seq,
  at: r.at.toISOString(),
  kind: r.kind,
  lead_id: r.leadId,
  buyer_id: r.buyerId,
  publisher_id: r.publisherId,
  amount_cents: r.amountCents,
  month: r.month,
  digest: r.digest,
  prev_hash: r.prevHash,
  hash: r.hash,
});

/** Any fixed number: the lock that keeps appends to the chain one at a time. */
const LEDGER_LOCK = 20_001;

/**
 * Takes the ledger's lock for the rest of the caller's transaction: a writer that decides from what the ledger holds
 * (a payout made final unless reversed) decides and appends with no other writer in between.
 */
export async function lockLedger(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK})`);
}

/**
 * Appends the events not yet in the ledger, in the order given, inside the caller's transaction (so a money event
 * lands with what caused it, or not at all). Returns the rows written.
 */
export async function appendLedger(tx: Tx, events: LedgerEvent[], now = new Date()): Promise<LedgerRow[]> {
  if (events.length === 0) return [];
  await lockLedger(tx);
  const leadIds = [...new Set(events.map((e) => e.leadId))];
  const existing = await tx
    .select({ leadId: ledgerEntries.leadId, kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.leadId, leadIds));
  const written = new Set(existing.map((e) => `${e.leadId}:${e.kind}`));
  const [last] = await tx
    .select({ seq: ledgerEntries.seq, hash: ledgerEntries.hash })
    .from(ledgerEntries)
    .orderBy(desc(ledgerEntries.seq))
    .limit(1);
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS_HASH;
  const rows: LedgerRow[] = [];
  for (const event of events) {
    const key = `${event.leadId}:${event.kind}`;
    if (written.has(key)) continue;
    written.add(key);
    seq += 1;
    const at = event.at ?? now;
    const content: LedgerContent = {
      seq,
      at: at.toISOString(),
      kind: event.kind,
      lead_id: event.leadId,
      buyer_id: event.buyerId ?? null,
      publisher_id: event.publisherId ?? null,
      amount_cents: event.amountCents,
      month: monthOf(at),
    };
    const digest = digestOf(content);
    const hash = chainHash(prevHash, digest);
    rows.push({ ...content, digest, prev_hash: prevHash, hash });
    prevHash = hash;
  }
  if (rows.length === 0) return [];
  await tx.insert(ledgerEntries).values(
    rows.map((r) => ({
      seq: r.seq,
      at: new Date(r.at),
      kind: r.kind,
      leadId: r.lead_id,
      buyerId: r.buyer_id,
      publisherId: r.publisher_id,
      amountCents: r.amount_cents,
      month: r.month,
      digest: r.digest,
      prevHash: r.prev_hash,
      hash: r.hash,
    })),
  );
  return rows;
}

/** The last row's number and hash: the chain head (seq 0 and the genesis hash while the ledger is empty). */
export async function ledgerHead(db: Db): Promise<{ seq: number; hash: string }> {
  const [last] = await db
    .select({ seq: ledgerEntries.seq, hash: ledgerEntries.hash })
    .from(ledgerEntries)
    .orderBy(desc(ledgerEntries.seq))
    .limit(1);
  return last ?? { seq: 0, hash: GENESIS_HASH };
}

/** A lead's rows, in chain order. */
export async function ledgerRowsOfLead(db: Db, leadId: string): Promise<LedgerRow[]> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.leadId, leadId))
    .orderBy(asc(ledgerEntries.seq));
  return rows.map(rowOf);
}

/** Rows after `afterSeq`, at most `limit`, in order: a page of the chain. */
export async function ledgerPage(db: Db, afterSeq: number, limit: number): Promise<LedgerRow[]> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(gt(ledgerEntries.seq, afterSeq))
    .orderBy(asc(ledgerEntries.seq))
    .limit(limit);
  return rows.map(rowOf);
}

export type LedgerCheck = {
  rows: number;
  head: { seq: number; hash: string };
  broken: { seq: number; problem: string } | null;
};

/**
 * Reads the whole ledger page by page and checks every row: its digest against its content, its hash against the
 * row before. What an operator runs after a restore, and what the tamper test proves.
 */
export async function verifyLedger(db: Db, pageSize = 5_000): Promise<LedgerCheck> {
  let after = 0;
  let before: ChainedRow | undefined;
  let rows = 0;
  for (;;) {
    const page = await ledgerPage(db, after, pageSize);
    if (page.length === 0) break;
    for (const row of page) {
      if (row.digest !== digestOf(row))
        return {
          rows,
          head: headOf(before),
          broken: { seq: row.seq, problem: "its content is not what its digest vouches for" },
        };
      const broken = firstBreak(before === undefined ? [row] : [before, row]);
      if (broken !== null) return { rows, head: headOf(before), broken };
      if (before === undefined && row.seq !== 1)
        return { rows, head: headOf(before), broken: { seq: 1, problem: "row 1 is missing" } };
      before = row;
      rows += 1;
    }
    after = page[page.length - 1]!.seq;
  }
  return { rows, head: headOf(before), broken: null };
}

const headOf = (row: ChainedRow | undefined) =>
  row === undefined ? { seq: 0, hash: GENESIS_HASH } : { seq: row.seq, hash: row.hash };
