import { z } from "zod";
import { answerOf } from "./envelope.ts";

// The publisher API's receipts and chain (docs/product/partners.md#receipts): a lead's payout rows with their chain
// position, the chain head and the rows' hashes, each answer signed with the ledger's Ed25519 key.

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const head = z.object({ seq: z.number().int(), hash: hex64 });

const receiptRow = z.object({
  seq: z.number().int(),
  at: z.string(),
  kind: z.enum(["sold", "returned", "payout_earned", "payout_reversed", "payout_final", "payment"]),
  lead_id: z.string(),
  buyer_id: z.string().nullable(),
  publisher_id: z.string().nullable(),
  amount_cents: z.number().int(),
  month: z.string(),
  digest: hex64,
  prev_hash: hex64,
  hash: hex64,
});

export const receiptParams = z.object({ leadId: z.string().min(1).max(100) });

export const receiptAnswer = answerOf(
  z.object({
    receipt: z.object({
      lead_id: z.string(),
      publisher_id: z.string(),
      issued_at: z.string(),
      rows: z.array(receiptRow),
      head,
    }),
    key_id: z.string(),
    /** Ed25519 over the receipt's signed text, base64. */
    signature: z.string(),
  }),
);

export const signedHeadAnswer = answerOf(
  z.object({ head: head.extend({ issued_at: z.string() }), key_id: z.string(), signature: z.string() }),
);

const CHAIN_PAGE_MAX = 1_000;

export const chainQuery = z.object({
  after: z.coerce.number().int().min(0, "after is a row number, 0 or more").default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit is at least 1")
    .max(CHAIN_PAGE_MAX, `limit is at most ${CHAIN_PAGE_MAX}`)
    .default(500),
});

export const chainAnswer = answerOf(
  z.object({ rows: z.array(z.object({ seq: z.number().int(), digest: hex64, prev_hash: hex64, hash: hex64 })) }),
);

export const ledgerKeyAnswer = answerOf(
  z.object({
    alg: z.literal("Ed25519"),
    key_id: z.string(),
    pem: z.string(),
    jwk: z.object({ kty: z.string(), crv: z.string(), x: z.string() }),
  }),
);

/** The signed heads handed to the calling publisher, newest first (docs/product/partners.md#signed-heads). */
export const handedOutHeadsAnswer = answerOf(
  z.object({
    heads: z.array(
      z.object({
        head: head.extend({ issued_at: z.string() }),
        key_id: z.string(),
        signature: z.string(),
        handed_at: z.string(),
        /** How it was handed: with a statement, by the daily postback, or here (the daily head of a publisher without one). */
        channel: z.enum(["statement", "postback", "api"]),
        /** "statement YYYY-MM" or "day YYYY-MM-DD". */
        handed_for: z.string(),
      }),
    ),
  }),
);
