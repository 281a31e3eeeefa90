import type { FastifyInstance } from "fastify";
import type { Config } from "../platform/config/config.ts";
import type { Db } from "../platform/db/database.ts";
import type { PiiCipher } from "../platform/security/pii-cipher.ts";
import { schedulePostbacks } from "./postbacks/postback-worker.ts";
import trackingLinkRoutes from "./tracking/tracking-link-routes.ts";

export type PartnersDeps = { config: Config; db: Db; cipher: PiiCipher; tokenSecret: Buffer; now?: () => Date };

// The partners context's routes and jobs (docs/product/partners.md): the partner API (/api/buyer/..., /api/publisher/...)
// behind partner keys, the tracking links, the settle pass and the postback outbox.
export default async function partnersPlugin(app: FastifyInstance, deps: PartnersDeps) {
  const now = deps.now ?? (() => new Date());
  await app.register(trackingLinkRoutes, { config: deps.config, db: deps.db, now });
  schedulePostbacks(app, { db: deps.db, cipher: deps.cipher });
}
