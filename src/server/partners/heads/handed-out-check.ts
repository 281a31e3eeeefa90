import { asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { ledgerEntries, ledgerHeadsHandedOut } from "../../platform/db/schema.ts";
import { GENESIS_HASH } from "../ledger/ledger-chain.ts";
import { headSignatureHolds } from "../receipts/receipt-check.ts";
import type { ReceiptKey } from "../receipts/receipt-key.ts";
import { handedOutOf, type HandedOutHead } from "./handed-out-heads.ts";

// The ledger held against every head handed out (docs/decisions/0042-signed-heads-handed-out.md). The chain's own
// check (ledger-store.ts verifyLedger) passes a chain rewritten from a forged row to the head, since every hash is
// then made anew; a head a publisher holds does not change with it. So each head handed out must still be the
// chain's row at its seq, and its record must still carry our signature (a record edited to match a rewrite does
// not). Heads signed with an earlier key (TOKEN_SECRET rotated) are compared by hash only.

type ContradictedHead = HandedOutHead & { problem: string };

export type HandedOutCheck = {
  /** Heads handed out that were held against the chain. */
  checked: number;
  contradicted_count: number;
  /** The first contradicted heads, lowest seq first: where the rewrite begins at the latest. */
  contradicted: ContradictedHead[];
};

const PAGE = 5_000;
const SHOWN = 20;

export async function checkHandedOutHeads(db: Db, key: ReceiptKey): Promise<HandedOutCheck> {
  const signatures = new Map<string, boolean>();
  const holds = (head: HandedOutHead) => {
    const text = `${head.key_id}|${head.signature}|${head.head.seq}|${head.head.hash}|${head.head.issued_at}`;
    let ok = signatures.get(text);
    if (ok === undefined) signatures.set(text, (ok = headSignatureHolds(head, key.publicPem)));
    return ok;
  };
  const contradicted: ContradictedHead[] = [];
  let checked = 0;
  let after = 0;
  for (;;) {
    const page = await db
      .select({ handed: ledgerHeadsHandedOut, chainHash: ledgerEntries.hash })
      .from(ledgerHeadsHandedOut)
      .leftJoin(ledgerEntries, eq(ledgerEntries.seq, ledgerHeadsHandedOut.seq))
      .where(gt(ledgerHeadsHandedOut.id, after))
      .orderBy(asc(ledgerHeadsHandedOut.id))
      .limit(PAGE);
    if (page.length === 0) break;
    for (const { handed, chainHash } of page) {
      const head = handedOutOf(handed);
      const problem = problemOf(head, handed.seq === 0 ? GENESIS_HASH : chainHash, () => holds(head), key.keyId);
      if (problem !== null) contradicted.push({ ...head, problem });
      checked += 1;
    }
    after = page[page.length - 1]!.handed.id;
  }
  contradicted.sort((a, b) => a.head.seq - b.head.seq || a.handed_at.localeCompare(b.handed_at));
  return { checked, contradicted_count: contradicted.length, contradicted: contradicted.slice(0, SHOWN) };
}

function problemOf(head: HandedOutHead, chainHash: string | null, signed: () => boolean, keyId: string) {
  const seq = head.head.seq;
  // A record under a key this server does not hold cannot be shown to be ours: changing the key id is otherwise all a
  // rewrite would need to make its own record pass by hash alone.
  if (head.key_id !== keyId) return `its signature is under key ${head.key_id}, which this server does not hold`;
  if (!signed()) return "its record is not what we signed";
  if (chainHash === null) return `the ledger no longer has row ${seq}`;
  if (chainHash !== head.head.hash) return `row ${seq} is no longer the row handed out`;
  return null;
}
