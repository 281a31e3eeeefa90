import { z } from "zod";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { myTrafficAnswer, myTrafficQuery, type MyTraffic } from "../../../domain/contracts/console-publishers.ts";
import { SUB_ID_LABELS } from "../../../domain/attribution.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import {
  monthOf,
  monthRange,
  noPublisherFigures,
  publisherFigures,
  type PublisherFigures,
} from "../../partners/publishers/publisher-figures.ts";
import { trackingLink } from "../../partners/tracking/tracking-link.ts";
import { findPublisher } from "../../partners/publishers/publisher-store.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";

// A publisher operator's "My traffic" (docs/product/partners.md#a-publishers-own-view). The publisher is the one
// its account is bound to, read on the server from the session: nothing the browser sends can name another.
// Figures only, never a lead or a person.

const FIGURES = [
  "clicks",
  "completed",
  "sold",
  "earned_cents",
  "pending_cents",
  "final_cents",
  "reversed_cents",
  "returns",
] as const satisfies readonly (keyof PublisherFigures)[];

const rowsOf = (figures: Map<string, PublisherFigures>) =>
  [...figures.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, f]) => ({ key, ...f }));

function totalOf(rows: PublisherFigures[]): PublisherFigures {
  const total = noPublisherFigures();
  for (const row of rows) for (const k of FIGURES) total[k] += row[k];
  return total;
}

const cell = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;
/** A sub id comes from anyone's link: one a spreadsheet would run as a formula is kept as text. */
const asText = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);

const dollars = (cents: number) => (cents / 100).toFixed(2);

function csvOf(traffic: MyTraffic): string {
  const header = [
    "by",
    `day or ${SUB_ID_LABELS.aff_sub1.toLowerCase()}`,
    "clicks",
    "completed",
    "sold",
    "earned",
    "pending",
    "final",
    "reversed",
    "returns",
  ];
  const line = (by: string, r: MyTraffic["by_day"][number]) =>
    [
      by,
      asText(r.key),
      r.clicks,
      r.completed,
      r.sold,
      dollars(r.earned_cents),
      dollars(r.pending_cents),
      dollars(r.final_cents),
      dollars(r.reversed_cents),
      r.returns,
    ]
      .map(cell)
      .join(",");
  return [
    header.map(cell).join(","),
    ...traffic.by_day.map((r) => line("day", r)),
    ...traffic.by_sub1.map((r) => line("sub1", r)),
    line("month", { key: traffic.month, ...traffic.totals }),
  ].join("\r\n");
}

export default async function myTrafficRoutes(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; publicBaseUrl: string },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: "publisher:self" } as const;

  const trafficOf = async (
    request: FastifyRequest,
    { month, tz }: { month?: string | undefined; tz: string },
  ): Promise<MyTraffic | null> => {
    const publisherId = request.consoleSession?.operator.publisherId;
    const publisher = publisherId ? await findPublisher(deps.db, publisherId) : null;
    if (!publisher) return null;
    const chosen = month ?? (await monthOf(deps.db, deps.now(), tz));
    const range = await monthRange(deps.db, chosen, tz);
    const [byDay, bySub1] = await Promise.all([
      publisherFigures(deps.db, publisher, range, "day"),
      publisherFigures(deps.db, publisher, range, "sub1"),
    ]);
    const by_day = rowsOf(byDay);
    return {
      publisher: { id: publisher.id, name: publisher.name },
      tracking_link: trackingLink(deps.publicBaseUrl, publisher.id),
      month: chosen,
      totals: totalOf(by_day),
      by_day,
      by_sub1: rowsOf(bySub1),
    };
  };

  typed.get(
    "/api/console/my-traffic",
    {
      schema: { querystring: myTrafficQuery, response: { 200: myTrafficAnswer, 403: failureAnswer } },
      config: access,
    },
    async (request, reply) => {
      const traffic = await trafficOf(request, request.query);
      if (!traffic) return reply.code(403).send({ status: 403, message: NOT_ALLOWED });
      return { status: 200, message: "ok", data: traffic };
    },
  );

  typed.get(
    "/api/console/my-traffic.csv",
    // The answer is the CSV text itself, sent as it is (a string is never serialized again).
    {
      schema: {
        querystring: myTrafficQuery,
        response: { 200: z.string().describe("My traffic as CSV"), 403: failureAnswer },
      },
      config: access,
    },
    async (request, reply) => {
      const traffic = await trafficOf(request, request.query);
      if (!traffic) return reply.code(403).send({ status: 403, message: NOT_ALLOWED });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="traffic-${traffic.publisher.id}-${traffic.month}.csv"`)
        .send(csvOf(traffic));
    },
  );
}
