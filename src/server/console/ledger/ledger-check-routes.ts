import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ledgerCheckAnswer } from "../../../domain/contracts/console-ledger.ts";
import type { Db } from "../../platform/db/database.ts";
import { checkHandedOutHeads } from "../../partners/heads/handed-out-check.ts";
import { verifyLedger } from "../../partners/ledger/ledger-store.ts";
import { receiptKeyOf } from "../../partners/receipts/receipt-key.ts";

// The ledger's check in the console (docs/product/partners.md#the-ledger): reads every row and says whether the
// chain holds, or where it first breaks, then whether it still passes through every signed head handed to a
// publisher (a rewrite from a forged row to the head passes the first part only). For those who read the audit log
// (owners): it is the same kind of check. A POST, so a prefetch or a reload never starts a read of the whole
// ledger; it changes nothing.
export default async function ledgerCheckRoutes(
  app: FastifyInstance,
  deps: { db: Db; tokenSecret: Buffer; now: () => Date },
) {
  const key = receiptKeyOf(deps.tokenSecret);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/console/ledger/check",
      { schema: { response: { 200: ledgerCheckAnswer } }, config: { access: "audit:read" } },
      async () => {
        const check = await verifyLedger(deps.db);
        const handedOut = await checkHandedOutHeads(deps.db, key);
        return {
          status: 200,
          message: "ok",
          data: { ...check, handed_out: handedOut, checked_at: deps.now().toISOString() },
        };
      },
    );
}
