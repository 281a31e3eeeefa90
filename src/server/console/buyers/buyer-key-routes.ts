import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db/database.ts";
import partnerKeyRoutes from "../partner-keys/partner-key-routes.ts";
import { findBuyer } from "./buyer-store.ts";

// A buyer's partner API keys (docs/product/partners.md#the-partner-api), for the buyer API's returns: the buyers'
// permissions, as the rest of a buyer's page.
export default async function buyerKeyRoutes(app: FastifyInstance, deps: { db: Db }) {
  await app.register(partnerKeyRoutes, {
    db: deps.db,
    kind: "buyer",
    base: "/api/console/buyers",
    read: "buyers:read",
    write: "buyers:write",
    exists: async (id) => (await findBuyer(deps.db, app.buyerRegistry.seeds(), id)) !== undefined,
  });
}
