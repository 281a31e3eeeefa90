import { z } from "zod";
import { answerOf } from "./envelope.ts";

// The console's check of the whole ledger (docs/product/partners.md#the-ledger), for owners: every row's digest
// against its content and hash against the row before, and where the first break is.

export const ledgerCheckAnswer = answerOf(
  z.object({
    rows: z.number().int(),
    head: z.object({ seq: z.number().int(), hash: z.string() }),
    broken: z.object({ seq: z.number().int(), problem: z.string() }).nullable(),
    checked_at: z.string(),
  }),
);
export type LedgerCheckResult = z.infer<typeof ledgerCheckAnswer>["data"];
