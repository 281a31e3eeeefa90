import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  buyerReasonsAnswer,
  funnelAnswer,
  funnelQuery,
  partnerReportQuery,
  todayAnswer,
  todayQuery,
} from "../../../domain/contracts/console-reports.ts";
import { buyerReportAnswer, publisherReportAnswer } from "../../../domain/contracts/console-partner-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { allBuyers } from "../buyers/buyer-store.ts";
import { buyerReport } from "./buyer-report.ts";
import { buyerReasons } from "./buyer-reasons.ts";
import { funnelReport } from "./funnel-report.ts";
import { publisherReport } from "./publisher-report.ts";
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

  typed.get(
    "/api/console/reports/buyers",
    { schema: { querystring: partnerReportQuery, response: { 200: buyerReportAnswer } }, config: access },
    async (request) => {
      const buyers = await allBuyers(deps.db, app.buyerRegistry.seeds());
      return { status: 200, message: "ok", data: await buyerReport(deps.db, buyers, request.query, deps.now()) };
    },
  );

  typed.get(
    "/api/console/reports/publishers",
    { schema: { querystring: partnerReportQuery, response: { 200: publisherReportAnswer } }, config: access },
    async (request) => ({
      status: 200,
      message: "ok",
      data: await publisherReport(deps.db, request.query, deps.now()),
    }),
  );
}
