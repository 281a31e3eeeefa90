import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db/database.ts";
import { runEvery } from "../../platform/jobs/run-every.ts";
import { closeInvoices, type InvoicedBuyer } from "./invoice-store.ts";

/** How often every process looks for periods to close: an invoice closes within a minute of its time. */
const INVOICE_JOB_EVERY_MS = 60_000;

/**
 * The invoices' pass (docs/product/buyer-money.md#invoices) in every process: the buyers as configured now (a buyer
 * paused is still billed), each billed buyer's ended periods closed. Safe in every process at once (closing takes the
 * numbers' lock and skips what is closed) and safe to run again.
 */
export function scheduleInvoices(
  app: FastifyInstance,
  deps: { db: Db; buyers: () => Promise<InvoicedBuyer[]>; now: () => Date; everyMs?: number },
) {
  const everyMs = deps.everyMs ?? INVOICE_JOB_EVERY_MS;
  runEvery(app, { name: "invoices closed", everyMs, firstAfterMs: Math.min(20_000, everyMs) }, async (stopping) =>
    closeInvoices(deps.db, await deps.buyers(), deps.now(), stopping),
  );
}
