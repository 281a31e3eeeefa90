import type { Db } from "../../platform/db/database.ts";
import { ledgerHead } from "../ledger/ledger-store.ts";
import { headSignedText, type SignedHead } from "./receipt-check.ts";
import type { ReceiptKey } from "./receipt-key.ts";

/**
 * The chain's head now, signed (docs/product/partners.md#receipts): what the publisher API answers, what a closed
 * statement carries and what the daily hand-out gives each publisher. Pass the caller's transaction as `db` to read
 * the head it sees.
 */
export async function signedHeadNow(db: Db, key: ReceiptKey, now: Date): Promise<SignedHead> {
  const head = { ...(await ledgerHead(db)), issued_at: now.toISOString() };
  return { head, key_id: key.keyId, signature: key.sign(headSignedText(head)) };
}
