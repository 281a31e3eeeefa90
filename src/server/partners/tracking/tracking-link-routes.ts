import type { FastifyInstance } from "fastify";
import { keptAttributionValue, type AttributionKey } from "../../../domain/attribution.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { findPublisher } from "../publishers/publisher-store.ts";
import { countClick } from "./click-count.ts";

// A publisher's tracking link, `/r/{publisher id}` (docs/product/partners.md#publishers): the click is counted and
// the visitor lands on `/` with the publisher's aff_id and the link's sub ids, click id and campaign fields
// under the names the funnel's attribution reads (src/domain/attribution.ts). Each value passes the same rule
// the funnel applies, so the landing keeps what the link carried and nothing else.

const PASSED: readonly [from: string, to: string][] = [
  ["sub1", "aff_sub1"],
  ["sub2", "aff_sub2"],
  ["sub3", "aff_sub3"],
  ["sub4", "aff_sub4"],
  ["sub5", "aff_sub5"],
  ["clickid", "clickid"],
  ["utm_source", "utm_source"],
  ["utm_medium", "utm_medium"],
  ["utm_campaign", "utm_campaign"],
  ["utm_term", "utm_term"],
  ["utm_content", "utm_content"],
];

const ID = /^[a-z0-9][a-z0-9-]{1,39}$/;

const firstOf = (v: unknown): string | undefined =>
  typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : undefined;

export default async function trackingLinkRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; now: () => Date },
) {
  app.get<{ Params: { publisherId: string }; Querystring: Record<string, unknown> }>(
    "/r/:publisherId",
    { config: { rateLimit: limitFor(deps.config, "lookups") } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const id = request.params.publisherId;
      const publisher = ID.test(id) ? await findPublisher(deps.db, id) : null;
      // An unknown or disabled publisher's visitor still lands, credited to no one.
      if (!publisher?.enabled) return reply.redirect("/", 302);
      const landing = new URLSearchParams({ aff_id: publisher.aff_id });
      for (const [from, to] of PASSED) {
        // utm_* beyond utm_source are not attribution keys; they follow utm_source's rule.
        const kept = keptAttributionValue(
          to.startsWith("utm_") ? "utm_source" : (to as AttributionKey),
          firstOf(request.query[from]),
        );
        if (kept !== undefined) landing.set(to, kept);
      }
      await countClick(deps.db, publisher.id, landing.get("aff_sub1") ?? "", deps.now());
      return reply.redirect(`/?${landing}`, 302);
    },
  );
}
