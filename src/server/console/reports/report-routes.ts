import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  buyerReasonsAnswer,
  funnelAnswer,
  funnelQuery,
  todayAnswer,
  todayQuery,
} from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { buyerReasons } from "./buyer-reasons.ts";
import { funnelReport } from "./funnel-report.ts";
import { todayReport } from "./today-report.ts";

// The console's reports (issue 19): figures only, so reports:read is all they need.
export default async function reportRoutes(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: "reports:read" } as const;

  typed.get(
    "/api/console/reports/today",
    { schema: { querystring: todayQuery, response: { 200: todayAnswer } }, config: access },
    async (request) => ({ status: 200, message: "ok", data: await todayReport(deps.db, request.query, deps.now()) }),
  );

  typed.get(
    "/api/console/reports/today/buyer-reasons",
    { schema: { querystring: todayQuery, response: { 200: buyerReasonsAnswer } }, config: access },
    async (request) => ({ status: 200, message: "ok", data: await buyerReasons(deps.db, request.query, deps.now()) }),
  );

  typed.get(
    "/api/console/reports/funnel",
    { schema: { querystring: funnelQuery, response: { 200: funnelAnswer } }, config: access },
    async (request) => ({ status: 200, message: "ok", data: await funnelReport(deps.db, request.query, deps.now()) }),
  );
}
