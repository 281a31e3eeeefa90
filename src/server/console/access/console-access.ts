import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { can, type Permission } from "../../../domain/console/roles.ts";
import { CSRF_HEADER } from "../../../domain/contracts/console.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { fromOurPage } from "../../platform/http/form-posts.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import type { Actor } from "../audit/audit-log.ts";
import { liveSession, type LiveSession } from "./session-store.ts";

// Who is asking, and may they (docs/decisions/0034-operator-console.md#access). Every console route states
// what it needs in its route config, `access`: "public" (signing in), "signed-in" (their own session) or a
// permission. A route without one does not start: no route is open by being forgotten.

type Access = "public" | "signed-in" | Permission;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    consoleSession: LiveSession | null;
  }
}

/** The session cookie: `__Host-` (Secure, whole host, no Domain) in production, where it is sent over HTTPS. */
export const sessionCookieName = (config: Pick<Config, "env">) =>
  config.env === "production" ? "__Host-lp_console" : "lp_console";

export const SIGN_IN_NEEDED = "Sign in to the console.";
export const NOT_ALLOWED = "Your role does not allow this.";
export const CSRF_REFUSED = "This request did not come from the console. Reload the page and try again.";

export function actorOf(request: FastifyRequest): Actor {
  const operator = request.consoleSession?.operator;
  return { id: operator?.id ?? null, email: operator?.email ?? "(unknown)", ip: request.ip };
}

const sameToken = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export function registerConsoleAccess(app: FastifyInstance, deps: { config: Config; db: Db; now: () => Date }) {
  const cookie = sessionCookieName(deps.config);
  const idleMs = deps.config.console.idleMinutes * 60_000;
  app.decorateRequest("consoleSession", null);
  // The console's own count (RATE_LIMIT_ADMIN_PER_MINUTE), per session once the operator is known, so colleagues
  // behind one office address, or one operator opening pages quickly, never use up each other's; per address
  // before (signing in). Only a live session counts apart: a made-up cookie is counted by its address.
  const limit = app.rateLimit(
    limitFor(deps.config, "admin", (request) => {
      const live = request.consoleSession;
      return live ? `session ${live.session.id}` : undefined;
    }),
  );

  app.addHook("onRoute", (route) => {
    if (!route.config?.access) throw new Error(`console route ${route.method} ${route.url} states no access`);
  });

  // Before the body is validated: a request without the right gets 403, never a 400 that describes the schema.
  app.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config.access!;
    const safe = request.method === "GET" || request.method === "HEAD";
    const token = request.cookies[cookie];
    request.consoleSession = token ? await liveSession(deps.db, token, idleMs, deps.now()) : null;
    await limit.call(app, request, reply);
    // No page of another site, nor a sandboxed frame, may post to the console, signed in or not.
    if (!safe && !fromOurPage(request)) return reply.code(403).send({ status: 403, message: CSRF_REFUSED });
    if (access === "public") return;
    const session = request.consoleSession;
    if (!session) return reply.code(401).send({ status: 401, message: SIGN_IN_NEEDED });
    if (!safe) {
      const given = request.headers[CSRF_HEADER];
      if (typeof given !== "string" || !sameToken(given, session.session.csrfToken))
        return reply.code(403).send({ status: 403, message: CSRF_REFUSED });
    }
    if (access !== "signed-in" && !can(session.operator.role, access)) {
      request.log.warn({ operator: session.operator.id, access, route: request.routeOptions.url }, "console: refused");
      return reply.code(403).send({ status: 403, message: NOT_ALLOWED });
    }
  });
}
