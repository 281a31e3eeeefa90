import type { FastifyBaseLogger } from "fastify";

/** A decided auction, as its run or its row knows it. */
export type DecidedAuction = {
  leadId: string;
  status: string;
  buyerId?: string | null;
  priceCents?: number | null;
  reason?: string | null;
  /** Where the visitor goes next: the winner's page, or the reject page. */
  redirectUrl?: string | null;
  rejectUrl?: string | null;
  /** When the lead was sent: the line says how long the decision took from there. */
  createdAt: Date;
};

/**
 * The one info line a decided auction writes (docs/product/lender-network.md#auction): which lead (lead_id, as on
 * every line about a lead), accepted or rejected, by which buyer at what price (dollars) or why not, and how
 * long it took. Nothing of the person.
 */
export function logDecision(log: Pick<FastifyBaseLogger, "info">, auction: DecidedAuction, now = new Date()): void {
  const sold = auction.status === "accepted";
  log.info(
    {
      lead_id: auction.leadId,
      outcome: auction.status,
      ...(sold
        ? { buyer: auction.buyerId, price: auction.priceCents == null ? null : auction.priceCents / 100 }
        : { reason: auction.reason }),
      durationMs: Math.max(0, now.getTime() - auction.createdAt.getTime()),
    },
    "auction decided",
  );
}
