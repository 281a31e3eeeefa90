import { z } from "zod";
import { answerOf } from "./envelope.ts";

// The console's check of the whole ledger (docs/product/partners.md#the-ledger), for owners: every row's digest
// against its content and hash against the row before, and where the first break is; then every signed head handed
// to a publisher held against the chain, and those it contradicts (docs/decisions/0042-signed-heads-handed-out.md).

const contradictedHead = z.object({
  head: z.object({ seq: z.number().int(), hash: z.string(), issued_at: z.string() }),
  key_id: z.string(),
  signature: z.string(),
  handed_at: z.string(),
  publisher_id: z.string(),
  channel: z.enum(["statement", "postback", "api"]),
  handed_for: z.string(),
  problem: z.string(),
});

export const ledgerCheckAnswer = answerOf(
  z.object({
    rows: z.number().int(),
    head: z.object({ seq: z.number().int(), hash: z.string() }),
    broken: z.object({ seq: z.number().int(), problem: z.string() }).nullable(),
    handed_out: z.object({
      checked: z.number().int(),
      contradicted_count: z.number().int(),
      /** The first ones, lowest seq first. */
      contradicted: z.array(contradictedHead),
    }),
    checked_at: z.string(),
  }),
);
export type LedgerCheckResult = z.infer<typeof ledgerCheckAnswer>["data"];
