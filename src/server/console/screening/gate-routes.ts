import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import {
  screeningReportAnswer,
  screeningReportQuery,
  screeningSettingsAnswer,
} from "../../../domain/contracts/console-screening.ts";
import { screeningSettingsSchema } from "../../../domain/screening/quality-checks.ts";
import type { Db } from "../../platform/db/database.ts";
import type { SettingsSource } from "../../screening/gate/settings-store.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import { periodBounds, reportTransaction } from "../reports/report-period.ts";
import { screeningReport } from "./screening-report.ts";

// The gate's settings and figures in the console (docs/product/screening.md): the rules and velocity limits, read with
// buyers:read and changed with buyers:write (audited, with the settings as saved); the refusals by reason, source and
// publisher and the outside calls, with reports:read.

export default async function gateRoutes(app: FastifyInstance, deps: { db: Db; settings: SettingsSource }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, settings } = deps;

  const view = async () => {
    const row = await settings.read();
    return {
      settings: row.settings,
      updated_at: row.updatedAt?.toISOString() ?? null,
      updated_by: row.updatedBy,
    };
  };

  typed.get(
    "/api/console/screening/settings",
    { schema: { response: { 200: screeningSettingsAnswer } }, config: { access: "buyers:read" } },
    async (_request, reply) => reply.send({ status: 200, message: "The gate's settings.", data: await view() }),
  );

  typed.put(
    "/api/console/screening/settings",
    {
      schema: { body: screeningSettingsSchema, response: { 200: screeningSettingsAnswer, 400: failureAnswer } },
      config: { access: "buyers:write" },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await settings.save(request.body, actor.email);
      await recordAction(db, actor, { action: "screening.settings", target: "gate", details: request.body });
      return reply.send({
        status: 200,
        message: "The gate's settings are saved: every server applies them within a few seconds.",
        data: await view(),
      });
    },
  );

  typed.get(
    "/api/console/screening/report",
    {
      schema: { querystring: screeningReportQuery, response: { 200: screeningReportAnswer, 400: failureAnswer } },
      config: { access: "reports:read" },
    },
    async (request, reply) => {
      const report = await reportTransaction(db, async (tx) => {
        const bounds = await periodBounds(tx, request.query, new Date());
        return screeningReport(tx, bounds.from, bounds.to);
      });
      return reply.send({ status: 200, message: "The gate's figures.", data: report });
    },
  );
}
