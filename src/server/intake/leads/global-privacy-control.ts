import type { FastifyRequest } from "fastify";
import type { Db } from "../../platform/db/database.ts";
import { markDoNotSell, type LeadRow } from "./lead-store.ts";
import { queueContactRemoval } from "../../platform/outbox/marketing-outbox.ts";

// Global Privacy Control: any lead request carrying `Sec-GPC: 1` is a do-not-sell request for that lead
// (docs/decisions/0008-lead-access-and-pii.md, docs/product/security-and-privacy.md#global-privacy-control).

export const sendsGpc = (request: FastifyRequest) => request.headers["sec-gpc"] === "1";

/**
 * Records the request's GPC signal on a lead the request may open, the first time only (a request without
 * it never clears it). Answers the lead as it now is.
 */
export async function recordGpc(db: Db, request: FastifyRequest, lead: LeadRow): Promise<LeadRow> {
  if (!sendsGpc(request) || lead.doNotSellAt) return lead;
  const marked = await markDoNotSell(db, lead.id);
  // Sharing with a marketing list is sharing too: a contact already queued or synced leaves the lists.
  if (marked?.email) await queueContactRemoval(db, marked.email.trim().toLowerCase());
  return marked ?? lead;
}
