import { problemOf, type PublisherApiProblem } from "#domain/contracts/publisher-api-problem.ts";
import { eq } from "drizzle-orm";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { publishers } from "../../platform/db/schema.ts";
import { answerServerError, fieldErrors } from "../../platform/http/api-errors.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { noteKeyUse, partnerOfKey } from "../api-keys/api-key-store.ts";
import { bearerKeyOf } from "../api-keys/partner-key-auth.ts";
import { PublisherApiError } from "./publisher-api-error.ts";

export { PublisherApiError } from "./publisher-api-error.ts";

// The scope every publisher API route is registered in (docs/decisions/0050-publisher-post-api.md): a live publisher
// key of an enabled publisher before the body is read, a count per key, JSON or form bodies of at most 32 KiB kept
// raw for the Idempotency-Key's hash, and every refusal answered with a code (docs/product/partners.md).

/** What the routes know of the calling publisher: enough to credit, pay and name it. */
export type CallingPublisher = Pick<
  typeof publishers.$inferSelect,
  | "id"
  | "affId"
  | "name"
  | "payoutKind"
  | "payoutAmount"
  | "enabled"
  | "postedMinPayoutCents"
  | "postedMinMarginCents"
  | "postedCapHourly"
  | "postedCapDaily"
  | "postedCapMonthly"
  | "timeZone"
>;

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the publisher API's scope before any of its routes runs; null elsewhere. */
    publisher: CallingPublisher | null;
  }
}

/** A publisher as the API's routes know their caller; undefined when there is none with this id. */
export async function findCallingPublisher(db: Db, id: string): Promise<CallingPublisher | undefined> {
  const [publisher] = await db
    .select({
      id: publishers.id,
      affId: publishers.affId,
      name: publishers.name,
      payoutKind: publishers.payoutKind,
      payoutAmount: publishers.payoutAmount,
      enabled: publishers.enabled,
      postedMinPayoutCents: publishers.postedMinPayoutCents,
      postedMinMarginCents: publishers.postedMinMarginCents,
      postedCapHourly: publishers.postedCapHourly,
      postedCapDaily: publishers.postedCapDaily,
      postedCapMonthly: publishers.postedCapMonthly,
      timeZone: publishers.timeZone,
    })
    .from(publishers)
    .where(eq(publishers.id, id));
  return publisher;
}

const PUBLISHER_API_PREFIX = "/api/publisher/v1";
/** A flat application with its consent text fits many times over; anything larger is not a lead. */
export const PUBLISHER_API_BODY_LIMIT = 32 * 1024;

const rawBodies = new WeakMap<FastifyRequest, string>();
/** The body exactly as it came (before parsing), for the Idempotency-Key's body hash; undefined without a body. */
export const rawBodyOf = (request: FastifyRequest): string | undefined => rawBodies.get(request);

const UNKNOWN_PATHS = `${PUBLISHER_API_PREFIX}/*`;

const keyIds = new WeakMap<FastifyRequest, string>();

/** How often a key's use is written (partner_api_keys.last_used_at), at most. */
const KEY_USE_NOTE_MS = 60_000;

/** Keys no lead field has, refused so a parsed body can never reach an object's prototype. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function notParseable(message: string): PublisherApiError {
  return new PublisherApiError("unparseable_body", { message });
}

function parseJson(raw: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw, (key, value: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) throw notParseable(`The body names a field "${key}", which no lead has.`);
      return value;
    });
  } catch (error) {
    if (error instanceof PublisherApiError) throw error;
    throw notParseable(raw.trim() === "" ? "The body is empty: send the lead." : "The body is not valid JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw notParseable("Send the lead as one JSON object of fields, not an array or a single value.");
  return parsed as Record<string, unknown>;
}

/** A form's fields as strings (the route reads each by its kind); a field sent twice is ambiguous, so refused. */
function parseForm(raw: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    if (FORBIDDEN_KEYS.has(name)) throw notParseable(`The body names a field "${name}", which no lead has.`);
    if (Object.hasOwn(fields, name))
      throw notParseable(`The form sends "${name}" more than once: send each field once.`);
    fields[name] = value;
  }
  if (Object.keys(fields).length === 0) throw notParseable("The body is empty: send the lead.");
  return fields;
}

/** The problem an error stands for, or null for one nobody expected (answered as the app's usual 500). */
function problemOfError(error: unknown): PublisherApiProblem | null {
  if (error instanceof PublisherApiError) return error.problem;
  if (hasZodFastifySchemaValidationErrors(error))
    return problemOf("invalid_fields", { errors: fieldErrors(error.validation) });
  const { code, statusCode } = (error ?? {}) as Partial<FastifyError>;
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return problemOf("body_too_large");
  if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return problemOf("unsupported_content_type");
  // @fastify/rate-limit throws its answer (rate-limits.ts), having set Retry-After on the reply.
  if (statusCode === 429) return problemOf("rate_limited");
  // Fastify's other refusals of a body it could not read (a Content-Length that does not match the body, ...).
  if (statusCode === 400) return problemOf("unparseable_body");
  return null;
}

/** An answer already on its way that is the global control-characters check's (no code): it gets invalid_fields. */
function uncodedFieldErrors(payload: unknown): Record<string, string> | undefined {
  if (payload === null || typeof payload !== "object" || "code" in payload || !("errors" in payload)) return undefined;
  return payload.errors as Record<string, string>;
}

/**
 * The publisher API's scope as a plugin to register: `routes` adds the routes (with full paths under
 * PUBLISHER_API_PREFIX) to the scope, which has the hooks, parsers and error handler above.
 */
export function publisherApiScope(deps: { db: Db; config: Config }, routes: (scope: FastifyInstance) => void) {
  return async function publisherApi(scope: FastifyInstance) {
    scope.decorateRequest("publisher", null);
    /** When this process last wrote each key's use. */
    const keyUseNoted = new Map<string, number>();
    // Counted per key (RATE_LIMIT_PARTNER_PER_MINUTE), as the console counts per session: a publisher's servers
    // behind many addresses share one count, and publishers behind one address never share theirs.
    const limit = scope.rateLimit(
      limitFor(deps.config, "partners", (request) => {
        const keyId = keyIds.get(request);
        return keyId === undefined ? undefined : `publisher key ${keyId}`;
      }),
    );

    // onRequest: before the body is read, so a caller without a key learns nothing of the body's rules and makes
    // the server read nothing. Reads only, until the request is accepted: a refusal writes nothing.
    scope.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      const bearer = bearerKeyOf(request);
      if (bearer === null) throw new PublisherApiError("missing_key");
      // Unknown, revoked and a buyer's key get one answer: the API never says which keys exist.
      const key = await partnerOfKey(deps.db, bearer, { kind: "publisher", noteUse: false });
      if (key === null) throw new PublisherApiError("invalid_key");
      const publisher = await findCallingPublisher(deps.db, key.partnerId);
      if (publisher === undefined) throw new PublisherApiError("invalid_key");
      if (!publisher.enabled) throw new PublisherApiError("publisher_disabled");
      keyIds.set(request, key.keyId);
      await limit.call(scope, request, reply);
      // The console shows a key's last use to the minute: a busy key is written once a minute per process, not with
      // every post (a statement off each post's cost).
      const now = Date.now();
      if ((keyUseNoted.get(key.keyId) ?? -Infinity) <= now - KEY_USE_NOTE_MS) {
        keyUseNoted.set(key.keyId, now);
        await noteKeyUse(deps.db, key.keyId);
      }
      request.publisher = publisher;
    });

    scope.removeAllContentTypeParsers();
    const asString = { parseAs: "string", bodyLimit: PUBLISHER_API_BODY_LIMIT } as const;
    scope.addContentTypeParser("application/json", asString, async (request: FastifyRequest, raw: string) => {
      rawBodies.set(request, raw);
      return parseJson(raw);
    });
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      asString,
      async (request: FastifyRequest, raw: string) => {
        rawBodies.set(request, raw);
        return parseForm(raw);
      },
    );
    // A POST with neither a body nor a Content-Type reaches no parser at all. (An unknown path is not_found whatever
    // its body.)
    scope.addHook("preValidation", async (request: FastifyRequest) => {
      if (request.routeOptions.url === UNKNOWN_PATHS) return;
      if (request.method !== "GET" && request.method !== "HEAD" && request.body === undefined)
        throw notParseable("The body is empty: send the lead.");
    });

    scope.setErrorHandler((error, request, reply) => {
      const problem = problemOfError(error);
      if (problem === null) return answerServerError(error, request, reply);
      if (problem.status === 401) reply.header("www-authenticate", 'Bearer realm="loanpath-publisher-api"');
      if (error instanceof PublisherApiError && error.retryAfterSeconds !== undefined) {
        reply.header("retry-after", String(error.retryAfterSeconds));
      }
      return reply.code(problem.status).send(problem);
    });
    // The app's control-characters check (platform/plugins/control-characters.ts) answers before validation with
    // its own shape; here that answer carries the code too.
    scope.addHook("preSerialization", async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const errors = reply.statusCode === 400 ? uncodedFieldErrors(payload) : undefined;
      return errors === undefined ? payload : problemOf("invalid_fields", { errors });
    });

    // A path under the prefix that no route has: the same problem shape, behind the same key check (before the
    // app's own answer to unknown /api/ paths, app.ts, which has neither).
    scope.all(UNKNOWN_PATHS, { schema: { hide: true } }, async () => {
      throw new PublisherApiError("not_found");
    });
    routes(scope);
  };
}
