import type { FastifyRequest } from "fastify";
import type { Buyer } from "../../distribution/auction/buyer-config.ts";
import type { BuyerRegistry } from "../../distribution/auction/buyer-registry.ts";

// The buyer portal's one way to know whose it is (docs/product/buyer-money.md#the-buyer-portal): the buyer the signed-in
// account is bound to, read on the server from the session. Nothing the browser sends can name another buyer, so every
// portal route asks this and never takes a buyer id from the address or the body.

/** The `buyer:self` permission every portal route states: a buyer account's, and no other role's. */
export const PORTAL_ACCESS = { access: "buyer:self" } as const;

/** What a portal route answers when the account's buyer is gone from the network (removed since the account was made). */
export const BUYER_GONE = "The buyer this account belongs to is no longer on the network. Ask the operator.";

/** The buyer in force for the request's account, or undefined when it has none or the buyer is gone. */
export async function portalBuyerOf(request: FastifyRequest, registry: BuyerRegistry): Promise<Buyer | undefined> {
  const buyerId = request.consoleSession?.operator.buyerId;
  if (!buyerId) return undefined;
  return (await registry.current()).find((b) => b.id === buyerId);
}
