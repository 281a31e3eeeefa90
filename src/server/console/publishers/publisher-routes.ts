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
  PUBLISHER_DEFAULT_TIME_ZONE,
  publisherSettingsSchema,
  type PublisherSettings,
} from "../../../domain/partners/publisher.ts";
import type { Db } from "../../platform/db/database.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { trackingLink } from "../../partners/tracking/tracking-link.ts";
import { listApiKeys } from "../../partners/api-keys/api-key-store.ts";
import { recentPostbacks } from "../../partners/postbacks/postback-outbox.ts";
import { postedCapUse } from "../../partners/publisher-api/posted-caps.ts";
import {
  noPostedFigures,
  noPublisherFigures,
  postedFigures,
  publisherFigures,
  todayAndMonth,
  type Range,
} from "../../partners/publishers/publisher-figures.ts";
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

  /** Each publisher with today's and the month's figures; the posted ones for all of them at once. */
  const withFigures = async (list: Publisher[], tz: string) => {
    const spans = await todayAndMonth(db, deps.now(), tz);
    const ids = list.map((p) => p.id);
    const [postedToday, postedMonth] = await Promise.all([
      postedFigures(db, ids, spans.today),
      postedFigures(db, ids, spans.month),
    ]);
    const all = async (p: Publisher, span: Range) => (await publisherFigures(db, p, span, "all")).get("all");
    return Promise.all(
      list.map(async (p) => {
        const [today, month] = await Promise.all([all(p, spans.today), all(p, spans.month)]);
        return {
          ...p,
          today: today ?? noPublisherFigures(),
          month: month ?? noPublisherFigures(),
          posted: {
            today: postedToday.get(p.id) ?? noPostedFigures(),
            month: postedMonth.get(p.id) ?? noPostedFigures(),
          },
        };
      }),
    );
  };

  /** Its caps on posted leads with what each has used now, in its own time zone (posted-caps.ts). */
  const capsOf = async (p: Publisher) => {
    const timeZone = p.time_zone ?? PUBLISHER_DEFAULT_TIME_ZONE;
    const used = await postedCapUse(db, p.id, timeZone, deps.now());
    return {
      time_zone: timeZone,
      hourly: { used: used.hourly, cap: p.posted_cap_hourly ?? null },
      daily: { used: used.daily, cap: p.posted_cap_daily ?? null },
      monthly: { used: used.monthly, cap: p.posted_cap_monthly ?? null },
    };
  };

  typed.get(
    "/api/console/publishers",
    { schema: { querystring: publisherFiguresQuery, response: { 200: publisherListAnswer } }, config: read },
    async (request) => {
      const list = await withFigures(await listPublishers(db), request.query.tz);
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
      const [[summary], caps, postbacks, keys] = await Promise.all([
        withFigures([publisher], request.query.tz),
        capsOf(publisher),
        recentPostbacks(db, publisher.id),
        listApiKeys(db, "publisher", publisher.id),
      ]);
      return reply.send({
        status: 200,
        message: "ok",
        data: {
          publisher: summary!,
          tracking_link: trackingLink(deps.publicBaseUrl, publisher.id),
          posted_caps: caps,
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
