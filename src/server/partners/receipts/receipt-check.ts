import { createPublicKey, verify } from "node:crypto";
import { chainHash, digestOf, firstBreak, type ChainedRow, type LedgerContent } from "../ledger/ledger-chain.ts";

// How a publisher checks a receipt (docs/product/partners.md#receipts), in code: the signed texts, the signature,
// each row's digest and hash, and the walk along the chain from the receipt's first row to the head. The server
// signs with the same texts; scripts/verify-receipt.ts runs the check against the API or saved files.

type ReceiptRow = LedgerContent & ChainedRow;
type ChainHead = { seq: number; hash: string };

export type Receipt = {
  lead_id: string;
  publisher_id: string;
  issued_at: string;
  rows: ReceiptRow[];
  head: ChainHead;
};
export type SignedReceipt = { receipt: Receipt; key_id: string; signature: string };
export type SignedHead = { head: ChainHead & { issued_at: string }; key_id: string; signature: string };

/** The exact text a receipt's signature covers: a JSON array, no spaces; each row by its number and hash. */
export const receiptSignedText = (r: Receipt): string =>
  JSON.stringify([
    "loanpath-receipt-v1",
    r.lead_id,
    r.publisher_id,
    r.issued_at,
    r.rows.map((row) => [row.seq, row.hash]),
    r.head.seq,
    r.head.hash,
  ]);

/** The exact text a chain head's signature covers. */
export const headSignedText = (h: SignedHead["head"]): string =>
  JSON.stringify(["loanpath-head-v1", h.seq, h.hash, h.issued_at]);

function signatureHolds(text: string, signature: string, publicKeyPem: string): boolean {
  try {
    return verify(null, Buffer.from(text, "utf8"), createPublicKey(publicKeyPem), Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/** Whether a signed head's signature holds under the key (a head kept by a partner, or one we handed out). */
export const headSignatureHolds = (signed: SignedHead, publicKeyPem: string): boolean =>
  signatureHolds(headSignedText(signed.head), signed.signature, publicKeyPem);

export type Verdict = { ok: true; rows: number } | { ok: false; where: string };

/** A page of the chain: rows after `after`, at most `limit`, in order (GET /api/publisher/ledger/chain). */
export type ChainPager = (after: number, limit: number) => Promise<ChainedRow[]>;

/**
 * Checks a signed receipt: its signature and the head's, each row's digest against its content and hash against
 * its previous hash, then every row of the chain from the receipt's first row to the current head (each one
 * following the one before, the receipt's rows and head found in it unchanged, the walk ending on the head).
 */
export async function verifyReceipt(
  signed: SignedReceipt,
  current: SignedHead,
  publicKeyPem: string,
  chain: ChainPager,
  pageSize = 500,
): Promise<Verdict> {
  const { receipt } = signed;
  if (!signatureHolds(receiptSignedText(receipt), signed.signature, publicKeyPem))
    return { ok: false, where: "the receipt's signature does not hold" };
  if (!headSignatureHolds(current, publicKeyPem))
    return { ok: false, where: "the chain head's signature does not hold" };
  if (receipt.rows.length === 0) return { ok: false, where: "the receipt has no rows" };
  for (const row of receipt.rows) {
    if (row.lead_id !== receipt.lead_id || row.publisher_id !== receipt.publisher_id)
      return { ok: false, where: `row ${row.seq} is not of this lead and publisher` };
    if (digestOf(row) !== row.digest) return { ok: false, where: `row ${row.seq}: its content is not its digest` };
    if (chainHash(row.prev_hash, row.digest) !== row.hash)
      return { ok: false, where: `row ${row.seq}: its hash is not its previous hash and digest` };
  }
  if (current.head.seq < receipt.head.seq)
    return { ok: false, where: `the chain head (${current.head.seq}) is behind the receipt's (${receipt.head.seq})` };

  const wanted = new Map<number, { hash: string; digest?: string; what: string }>();
  for (const row of receipt.rows) wanted.set(row.seq, { hash: row.hash, digest: row.digest, what: `row ${row.seq}` });
  const receiptHead = { hash: receipt.head.hash, what: `the receipt's head (row ${receipt.head.seq})` };
  const earlier = wanted.get(receipt.head.seq);
  if (earlier !== undefined && earlier.hash !== receipt.head.hash)
    return { ok: false, where: `${receiptHead.what} is not row ${receipt.head.seq} of the receipt` };
  if (earlier === undefined) wanted.set(receipt.head.seq, receiptHead);

  const first = Math.min(...receipt.rows.map((r) => r.seq));
  let before: ChainedRow | undefined;
  let walked = 0;
  while ((before?.seq ?? first - 1) < current.head.seq) {
    const after = before?.seq ?? first - 1;
    const page = await chain(after, pageSize);
    if (page.length === 0) return { ok: false, where: `the chain ends at row ${after}, before the head` };
    for (const row of page) {
      if (row.seq > current.head.seq) break;
      if (before === undefined && row.seq !== first) return { ok: false, where: `row ${first} is missing` };
      const broken = firstBreak(before === undefined ? [row] : [before, row]);
      if (broken !== null) return { ok: false, where: `row ${broken.seq}: ${broken.problem}` };
      const expected = wanted.get(row.seq);
      if (expected !== undefined && (expected.hash !== row.hash || (expected.digest ?? row.digest) !== row.digest))
        return { ok: false, where: `${expected.what} is not the chain's row ${row.seq}` };
      before = row;
      walked += 1;
    }
  }
  if (before === undefined || before.seq !== current.head.seq || before.hash !== current.head.hash)
    return { ok: false, where: `the chain does not end on the signed head (row ${current.head.seq})` };
  return { ok: true, rows: walked };
}
