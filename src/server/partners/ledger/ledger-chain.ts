import { createHash } from "node:crypto";

// The ledger's chain (docs/product/partners.md#the-ledger): how a row's digest and hash are made, and how a run
// of rows is checked. Pure, and the whole of what a partner needs to check a receipt: the procedure in the docs
// is this file in words.

export type LedgerKind = "sold" | "returned" | "payout_earned" | "payout_reversed" | "payout_final" | "payment";

/** A row's content: everything the chain vouches for. */
export type LedgerContent = {
  seq: number;
  at: string;
  kind: LedgerKind;
  lead_id: string;
  buyer_id: string | null;
  publisher_id: string | null;
  amount_cents: number;
  month: string;
};

export type ChainedRow = { seq: number; digest: string; prev_hash: string; hash: string };

/** The hash before the first row. */
export const GENESIS_HASH = "0".repeat(64);

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The content as the one string that is hashed: a JSON array in a fixed order, `at` in UTC to the millisecond. */
const canonicalContent = (c: LedgerContent): string =>
  JSON.stringify([
    c.seq,
    new Date(c.at).toISOString(),
    c.kind,
    c.lead_id,
    c.buyer_id,
    c.publisher_id,
    c.amount_cents,
    c.month,
  ]);

export const digestOf = (c: LedgerContent): string => sha256(canonicalContent(c));

/** A row's hash: sha256 of the previous row's hash followed by this row's digest (both as hex text). */
export const chainHash = (prevHash: string, digest: string): string => sha256(prevHash + digest);

/** The statement month of an instant: YYYY-MM in UTC. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * Where a run of rows, in `seq` order, stops chaining: the first row whose hash is not its previous hash and
 * digest hashed, whose previous hash is not the row before's hash, or that leaves a gap in the numbering. The
 * first row's previous hash is taken as given (the genesis hash for row 1). Null when the whole run holds.
 */
export function firstBreak(rows: ChainedRow[]): { seq: number; problem: string } | null {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const before = rows[i - 1];
    if (row.seq === 1 && row.prev_hash !== GENESIS_HASH)
      return { seq: row.seq, problem: "the first row must follow the genesis hash" };
    if (before !== undefined && row.seq !== before.seq + 1)
      return { seq: row.seq, problem: `row ${before.seq + 1} is missing` };
    if (before !== undefined && row.prev_hash !== before.hash)
      return { seq: row.seq, problem: "does not follow the row before" };
    if (row.hash !== chainHash(row.prev_hash, row.digest)) return { seq: row.seq, problem: "its hash is not its own" };
  }
  return null;
}
