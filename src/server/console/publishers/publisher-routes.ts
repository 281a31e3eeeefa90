import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  publisherDetailAnswer,
  publisherFiguresQuery,
  publisherListAnswer,
  publisherSavedAnswer,
  publisherSecretAnswer,
} from "../../../domain/contracts/console-publishers.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import {
  postbackAddressOf,
  publisherSettingsSchema,
  type PublisherSettings,
} from "../../../domain/partners/publisher.ts";
import type { Db } from "../../platform/db/database.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { trackingLink } from "../../partners/tracking/tracking-link.ts";
import { listApiKeys } from "../../partners/api-keys/api-key-store.ts";
import { recentPostbacks } from "../../partners/postbacks/postback-outbox.ts";
import { noPublisherFigures, publisherFigures, todayAndMonth } from "../../partners/publishers/publisher-figures.ts";
import {
  createPublisher,
  findPublisher,
  listPublishers,
  replacePostbackSecret,
  updatePublisher,
  type Publisher,
} from "../../partners/publishers/publisher-store.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import partnerKeyRoutes from "../partner-keys/partner-key-routes.ts";

// The console's publishers API (docs/product/partners.md#publishers). Reads need partners:read, every change
// partners:write, and each change is in the audit log by the names of the fields it changed: a postback
// secret is in one answer, when it is made, and in no log.

const FIX_FIELDS = "Please correct the highlighted fields.";
const NOT_FOUND = { status: 404, message: "No publisher with that id." };
const params = z.object({ id: z.string().max(63) });

const fieldErrors = (reply: FastifyReply, errors: Record<string, string>) =>
  reply.code(400).send({ status: 400, message: FIX_FIELDS, errors });

const changedFields = (before: PublisherSettings, after: PublisherSettings) =>
  (Object.keys(after) as (keyof PublisherSettings)[]).filter((k) => before[k] !== after[k]);

const settingsOf = (p: Publisher): PublisherSettings => publisherSettingsSchema.parse(p);

export default async function publisherRoutes(
  app: FastifyInstance,
  deps: { db: Db; cipher: PiiCipher; now: () => Date; publicBaseUrl: string },
) {
  /** The postback address the outbound guard refuses (docs/decisions/0040-outbound-guard.md). */
  const refusedPostback = async (settings: PublisherSettings) => {
    const refused =
      settings.postback_url && (await app.outboundGuard.checkAtSave(postbackAddressOf(settings.postback_url)));
    return refused ? { postback_url: `This address ${refused}.` } : undefined;
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, cipher } = deps;
  const read = { access: "partners:read" } as const;
  const write = { access: "partners:write" } as const;

  const withFigures = async (p: Publisher, tz: string) => {
    const spans = await todayAndMonth(db, deps.now(), tz);
    const [today, month] = await Promise.all([
      publisherFigures(db, p, spans.today, "all"),
      publisherFigures(db, p, spans.month, "all"),
    ]);
    return { ...p, today: today.get("all") ?? noPublisherFigures(), month: month.get("all") ?? noPublisherFigures() };
  };

  typed.get(
    "/api/console/publishers",
    { schema: { querystring: publisherFiguresQuery, response: { 200: publisherListAnswer } }, config: read },
    async (request) => {
      const list = await Promise.all((await listPublishers(db)).map((p) => withFigures(p, request.query.tz)));
      return { status: 200, message: "ok", data: { publishers: list } };
    },
  );

  typed.get(
    "/api/console/publishers/:id",
    {
      schema: {
        params,
        querystring: publisherFiguresQuery,
        response: { 200: publisherDetailAnswer, 404: failureAnswer },
      },
      config: read,
    },
    async (request, reply) => {
      const publisher = await findPublisher(db, request.params.id);
      if (!publisher) return reply.code(404).send(NOT_FOUND);
      const [summary, postbacks, keys] = await Promise.all([
        withFigures(publisher, request.query.tz),
        recentPostbacks(db, publisher.id),
        listApiKeys(db, "publisher", publisher.id),
      ]);
      return reply.send({
        status: 200,
        message: "ok",
        data: {
          publisher: summary,
          tracking_link: trackingLink(deps.publicBaseUrl, publisher.id),
          postbacks: postbacks.map((p) => ({
            id: p.id,
            lead_id: p.leadId,
            event: p.event,
            status: p.status,
            attempts: p.attempts,
            answer_status: p.answerStatus,
            latency_ms: p.latencyMs,
            last_error: p.lastError,
            created_at: p.createdAt.toISOString(),
            done_at: p.doneAt?.toISOString() ?? null,
          })),
          api_keys: keys,
        },
      });
    },
  );

  typed.post(
    "/api/console/publishers",
    {
      schema: { body: publisherSettingsSchema, response: { 201: publisherSecretAnswer, 400: failureAnswer } },
      config: write,
    },
    async (request, reply) => {
      const settings = request.body;
      if (await findPublisher(db, settings.id)) return fieldErrors(reply, { id: "Another publisher has this id." });
      const refused = await refusedPostback(settings);
      if (refused) return fieldErrors(reply, refused);
      const made = await db.transaction(async (tx) => {
        const created = await createPublisher(tx, cipher, settings);
        if (created)
          await recordAction(tx, actorOf(request), {
            action: "publisher.create",
            target: settings.id,
            details: { aff_id: settings.aff_id, payout_kind: settings.payout_kind },
          });
        return created;
      });
      if (!made) return fieldErrors(reply, { aff_id: "Another publisher's links carry this aff_id." });
      return reply.code(201).send({
        status: 201,
        message: "Publisher added. Copy the postback secret now: it is not shown again.",
        data: { publisher: made.publisher, postback_secret: made.postbackSecret },
      });
    },
  );

  typed.put(
    "/api/console/publishers/:id",
    {
      schema: {
        params,
        body: publisherSettingsSchema,
        response: { 200: publisherSavedAnswer, 400: failureAnswer, 404: failureAnswer },
      },
      config: write,
    },
    async (request, reply) => {
      const before = await findPublisher(db, request.params.id);
      if (!before) return reply.code(404).send(NOT_FOUND);
      if (request.body.id !== before.id) return fieldErrors(reply, { id: "The id of a publisher cannot change." });
      const refused = await refusedPostback(request.body);
      if (refused) return fieldErrors(reply, refused);
      const saved = await updatePublisher(db, request.body);
      if (saved === "aff_id taken")
        return fieldErrors(reply, { aff_id: "Another publisher's links carry this aff_id." });
      if (!saved) return reply.code(404).send(NOT_FOUND);
      await recordAction(db, actorOf(request), {
        action: "publisher.update",
        target: before.id,
        details: { changed: changedFields(settingsOf(before), request.body) },
      });
      return reply.send({ status: 200, message: "Publisher saved.", data: { publisher: saved } });
    },
  );

  for (const [path, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    typed.post(
      `/api/console/publishers/:id/${path}`,
      { schema: { params, response: { 200: publisherSavedAnswer, 404: failureAnswer } }, config: write },
      async (request, reply) => {
        const before = await findPublisher(db, request.params.id);
        if (!before) return reply.code(404).send(NOT_FOUND);
        const message = enabled ? "Publisher enabled." : "Publisher disabled: its new leads earn nothing.";
        if (before.enabled === enabled) return reply.send({ status: 200, message, data: { publisher: before } });
        const saved = await updatePublisher(db, { ...settingsOf(before), enabled });
        await recordAction(db, actorOf(request), { action: `publisher.${path}`, target: before.id });
        return reply.send({ status: 200, message, data: { publisher: saved as Publisher } });
      },
    );
  }

  typed.post(
    "/api/console/publishers/:id/postback-secret",
    { schema: { params, response: { 200: publisherSecretAnswer, 404: failureAnswer } }, config: write },
    async (request, reply) => {
      const publisher = await findPublisher(db, request.params.id);
      if (!publisher) return reply.code(404).send(NOT_FOUND);
      const secret = await replacePostbackSecret(db, cipher, publisher.id);
      if (secret === null) return reply.code(404).send(NOT_FOUND);
      await recordAction(db, actorOf(request), { action: "publisher.postback_secret", target: publisher.id });
      return reply.send({
        status: 200,
        message: "New postback secret. Copy it now: it is not shown again, and the old one no longer signs.",
        data: { publisher, postback_secret: secret },
      });
    },
  );

  await app.register(partnerKeyRoutes, {
    db,
    kind: "publisher",
    base: "/api/console/publishers",
    read: "partners:read",
    write: "partners:write",
    exists: async (id) => (await findPublisher(db, id)) !== null,
  });
}
