import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { maskSecrets, restoreSecrets } from "../../../domain/buyers/buyer-secrets.ts";
import { changedSettings, settingsOf } from "../../../domain/buyers/config-diff.ts";
import {
  buyerChangeRequest,
  buyerDetailAnswer,
  buyerListAnswer,
  buyerListQuery,
  buyerRollbackRequest,
  buyerSaveRequest,
  buyerSavedAnswer,
  buyerTestAnswer,
  type BuyerSummary,
} from "../../../domain/contracts/console-buyers.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import { buyerSchema, type Buyer } from "../../distribution/auction/buyer-config.ts";
import { periodStart } from "../../distribution/auction/zoned-time.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import { accountsOf, capsOf, capsOfAll, moneyOf, noFigures, type Figures } from "./buyer-figures.ts";
import { standing } from "./buyer-standing.ts";
import { allBuyers, findBuyer, latestVersions, saveVersion, versionsOf, type ConsoleBuyer } from "./buyer-store.ts";
import { testBuyer } from "./buyer-test-call.ts";

// The console's buyers API (docs/product/lender-network.md#file-and-console). Reads need buyers:read, every change
// buyers:write; credentials are masked in every answer. The registry the auction uses is the one read
// here (app.buyerRegistry), and it reads the `buyers` table for every auction, so a save is in force for the
// next one.

const FIX_FIELDS = "Please correct the highlighted fields.";
const NOT_FOUND = "No buyer with that id.";
const params = z.object({ id: z.string().max(63) });

const fieldErrors = (reply: FastifyReply, errors: Record<string, string>) =>
  reply.code(400).send({ status: 400, message: FIX_FIELDS, errors });

function summaryOf(b: ConsoleBuyer, version: number | null) {
  return {
    id: b.config.id,
    name: b.config.name,
    kind: b.config.kind,
    mode: b.config.mode,
    tier: b.config.tier,
    source: b.source,
    overrides: b.overrides,
    enabled: b.config.enabled,
    shadow: b.config.shadow ?? false,
    version,
  };
}

type BuyerRoutesDeps = {
  db: Db;
  now: () => Date;
  /** Each buyer's figures since a moment (reports/buyer-day-figures.ts), handed in: the reports read the buyers. */
  figuresSince: (db: Db, since: Date) => Promise<Map<string, Figures>>;
};

export default async function buyerRoutes(app: FastifyInstance, deps: BuyerRoutesDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const seeds = () => app.buyerRegistry.seeds();
  const read = { access: "buyers:read" } as const;
  const write = { access: "buyers:write" } as const;

  typed.get(
    "/api/console/buyers",
    {
      schema: {
        querystring: buyerListQuery,
        response: { 200: buyerListAnswer, 400: failureAnswer, 404: failureAnswer },
      },
      config: read,
    },
    async (request) => {
      const now = deps.now();
      const since = periodStart(now, request.query.time_zone, "day");
      const [buyers, figures, versions] = await Promise.all([
        allBuyers(db, seeds()),
        deps.figuresSince(db, since),
        latestVersions(db),
      ]);
      const configs = [...buyers.values()].map((b) => b.config);
      const [limitsBy, accounts] = await Promise.all([capsOfAll(db, configs, now), accountsOf(db, configs)]);
      const list: BuyerSummary[] = [];
      for (const b of buyers.values()) {
        const limits = limitsBy.get(b.config.id) ?? { caps: {}, budgets: {} };
        const money = moneyOf(b.config, accounts.get(b.config.id));
        list.push({
          ...summaryOf(b, versions.get(b.config.id) ?? null),
          ...standing(b, limits, money, now),
          ...money,
          today: figures.get(b.config.id) ?? noFigures(),
          ...limits,
        });
      }
      return { status: 200, message: "ok", data: { buyers: list, since: since.toISOString() } };
    },
  );

  typed.get(
    "/api/console/buyers/:id",
    { schema: { params, response: { 200: buyerDetailAnswer, 400: failureAnswer, 404: failureAnswer } }, config: read },
    async (request, reply) => {
      const buyer = await findBuyer(db, seeds(), request.params.id);
      if (!buyer) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const now = deps.now();
      const [rows, limits, accounts] = await Promise.all([
        versionsOf(db, buyer.config.id),
        capsOf(db, buyer.config, now),
        accountsOf(db, [buyer.config]),
      ]);
      const money = moneyOf(buyer.config, accounts.get(buyer.config.id));
      const versions = rows.map((row, i) => {
        const older = rows[i + 1];
        return {
          version: row.version,
          enabled: row.enabled,
          // As in force, defaults filled in: the values a diff shows are the ones it compared.
          config: maskSecrets(settingsOf(row.config) as Record<string, unknown>),
          operator_email: row.operatorEmail,
          note: row.note,
          created_at: row.createdAt.toISOString(),
          changed: older ? changedSettings(older.config, row.config) : ["(new)"],
        };
      });
      return reply.send({
        status: 200,
        message: "ok",
        data: {
          buyer: {
            ...summaryOf(buyer, rows[0]?.version ?? null),
            ...standing(buyer, limits, money, now),
            ...money,
            ...limits,
          },
          config: maskSecrets(buyer.config) as Record<string, unknown>,
          versions,
        },
      });
    },
  );

  /** The sent configuration with its masked credentials put back from `stored`; errors name those it cannot. */
  const withSecrets = (config: Buyer, stored: Buyer | undefined): Buyer | Record<string, string> => {
    const restored = restoreSecrets(config, stored);
    if (restored.missing.length) {
      return Object.fromEntries(
        restored.missing.map((path) => [`config.${path}`, "type the credential again: only an unchanged one is kept"]),
      );
    }
    return buyerSchema.parse(restored.config);
  };
  const isErrors = (v: Buyer | Record<string, string>): v is Record<string, string> => !("post" in v);
  /** The buyer's URLs the outbound guard refuses, by field (docs/decisions/0040-outbound-guard.md). */
  const refusedUrls = async (buyer: Buyer): Promise<Record<string, string> | undefined> => {
    const errors: Record<string, string> = {};
    for (const [field, spec] of [
      ["ping", buyer.ping],
      ["post", buyer.post],
    ] as const) {
      const refused = spec && (await app.outboundGuard.checkAtSave(spec.url));
      if (refused) errors[`config.${field}.url`] = refused;
    }
    return Object.keys(errors).length ? errors : undefined;
  };

  typed.post(
    "/api/console/buyers",
    {
      schema: { body: buyerSaveRequest, response: { 201: buyerSavedAnswer, 400: failureAnswer, 404: failureAnswer } },
      config: write,
    },
    async (request, reply) => {
      const { config, note } = request.body;
      if (await findBuyer(db, seeds(), config.id))
        return fieldErrors(reply, { "config.id": "is already used by another buyer" });
      const buyer = withSecrets(config, undefined);
      if (isErrors(buyer)) return fieldErrors(reply, buyer);
      const refused = await refusedUrls(buyer);
      if (refused) return fieldErrors(reply, refused);
      const version = await saveVersion(db, actorOf(request), {
        action: "buyer.create",
        buyer,
        before: undefined,
        note,
      });
      return reply.code(201).send({ status: 201, message: "Buyer added.", data: { id: buyer.id, version } });
    },
  );

  typed.put(
    "/api/console/buyers/:id",
    {
      schema: {
        params,
        body: buyerSaveRequest,
        response: { 200: buyerSavedAnswer, 400: failureAnswer, 404: failureAnswer },
      },
      config: write,
    },
    async (request, reply) => {
      const before = await findBuyer(db, seeds(), request.params.id);
      if (!before) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const { config, note } = request.body;
      if (config.id !== before.config.id) return fieldErrors(reply, { "config.id": "the id of a buyer cannot change" });
      const buyer = withSecrets(config, before.config);
      if (isErrors(buyer)) return fieldErrors(reply, buyer);
      const refused = await refusedUrls(buyer);
      if (refused) return fieldErrors(reply, refused);
      const version = await saveVersion(db, actorOf(request), { action: "buyer.update", buyer, before, note });
      return reply.send({ status: 200, message: "Buyer saved.", data: { id: buyer.id, version } });
    },
  );

  typed.post(
    "/api/console/buyers/:id/rollback",
    {
      schema: {
        params,
        body: buyerRollbackRequest,
        response: { 200: buyerSavedAnswer, 400: failureAnswer, 404: failureAnswer },
      },
      config: write,
    },
    async (request, reply) => {
      const before = await findBuyer(db, seeds(), request.params.id);
      if (!before) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const rows = await versionsOf(db, before.config.id);
      const target = rows.find((r) => r.version === request.body.version);
      if (!target) return fieldErrors(reply, { version: "no such version of this buyer" });
      const parsed = buyerSchema.safeParse(target.config);
      if (!parsed.success) return fieldErrors(reply, { version: "that version no longer passes the buyer schema" });
      if (await refusedUrls(parsed.data))
        return fieldErrors(reply, { version: "that version's address is one the server no longer calls" });
      // A roll back restores the configuration; pausing stays a decision of its own.
      const buyer = { ...parsed.data, enabled: before.config.enabled };
      const note = request.body.note || `rolled back to version ${target.version}`;
      const version = await saveVersion(db, actorOf(request), {
        action: "buyer.rollback",
        buyer,
        before,
        note,
        details: { to: target.version },
      });
      return reply.send({
        status: 200,
        message: `Version ${target.version} is back in force.`,
        data: { id: buyer.id, version },
      });
    },
  );

  for (const [path, enabled] of [
    ["pause", false],
    ["resume", true],
  ] as const) {
    typed.post(
      `/api/console/buyers/:id/${path}`,
      {
        schema: {
          params,
          body: buyerChangeRequest,
          response: { 200: buyerSavedAnswer, 400: failureAnswer, 404: failureAnswer },
        },
        config: write,
      },
      async (request, reply) => {
        const before = await findBuyer(db, seeds(), request.params.id);
        if (!before) return reply.code(404).send({ status: 404, message: NOT_FOUND });
        const message = enabled ? "Buyer resumed." : "Buyer paused.";
        const latest = (await versionsOf(db, before.config.id))[0]?.version ?? 0;
        if (before.config.enabled === enabled)
          return reply.send({ status: 200, message, data: { id: before.config.id, version: latest } });
        const version = await saveVersion(db, actorOf(request), {
          action: `buyer.${path}`,
          buyer: { ...before.config, enabled },
          before,
          note: request.body.note,
        });
        return reply.send({ status: 200, message, data: { id: before.config.id, version } });
      },
    );
  }

  typed.post(
    "/api/console/buyers/:id/test",
    { schema: { params, response: { 200: buyerTestAnswer, 400: failureAnswer, 404: failureAnswer } }, config: write },
    async (request, reply) => {
      const buyer = await findBuyer(db, seeds(), request.params.id);
      if (!buyer) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const result = await testBuyer(app.outboundGuard, buyer.config);
      await recordAction(db, actorOf(request), {
        action: "buyer.test",
        target: buyer.config.id,
        details: { ping_status: result.ping?.answer.status ?? null, post_status: result.post.answer.status },
      });
      return reply.send({ status: 200, message: "ok", data: result });
    },
  );
}
