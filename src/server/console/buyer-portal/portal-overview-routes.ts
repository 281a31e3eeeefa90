import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import { portalOverviewAnswer, type PortalOverview } from "../../../domain/contracts/portal-overview.ts";
import type { Buyer } from "../../distribution/auction/buyer-config.ts";
import { isOpen } from "../../distribution/auction/eligibility.ts";
import type { Db } from "../../platform/db/database.ts";
import { termsOf } from "../../partners/returns/return-terms.ts";
import { accountsOf, capsOf, moneyOf } from "../buyers/buyer-figures.ts";
import { standing } from "../buyers/buyer-standing.ts";
import { BUYER_GONE, PORTAL_ACCESS, portalBuyerOf } from "./portal-buyer.ts";

// The buyer portal's overview (docs/product/buyer-money.md#the-buyer-portal): the buyer's state, money, caps and
// budgets counted as the buyers list counts them, and the terms in force. Read field by field from the configuration,
// so its URLs, headers and mappings (which hold its credentials) never leave.

function pricingOf(buyer: Buyer): PortalOverview["pricing"] {
  if (buyer.pricing.kind === "fixed")
    return { kind: "fixed", price: buyer.pricing.price, rules: buyer.pricing.rules ?? [] };
  return { kind: "bid", floor: buyer.floor, state_floors: buyer.stateFloors ?? {} };
}

async function portalOverview(db: Db, buyer: Buyer, now: Date): Promise<PortalOverview> {
  const [limits, accounts] = await Promise.all([capsOf(db, buyer, now), accountsOf(db, [buyer])]);
  const money = moneyOf(buyer, accounts.get(buyer.id));
  return {
    buyer: { id: buyer.id, name: buyer.name, kind: buyer.kind, mode: buyer.mode, enabled: buyer.enabled },
    ...standing({ config: buyer }, limits, money, now),
    ...money,
    ...limits,
    pricing: pricingOf(buyer),
    schedule: buyer.schedule ?? null,
    time_zone: buyer.timeZone,
    open_now: isOpen(buyer, now),
    filters: buyer.filters,
    licensed_states: buyer.kind === "licensed_lender" ? (buyer.licensedStates ?? []) : null,
    test_mode: buyer.testMode,
    duplicate_window_days: buyer.duplicateWindowDays,
    returns: termsOf(buyer),
  };
}

export default async function portalOverviewRoutes(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/console/portal/overview",
    { schema: { response: { 200: portalOverviewAnswer, 403: failureAnswer } }, config: PORTAL_ACCESS },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send({ status: 403, message: BUYER_GONE });
      return { status: 200, message: "ok", data: await portalOverview(deps.db, buyer, deps.now()) };
    },
  );
}
