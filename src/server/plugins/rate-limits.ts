import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";

export type RateLimitKind = keyof Config["rateLimits"];

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";

/**
 * Per-IP limits, opted into per route: `config: { rateLimit: limitFor(config, "lookups") }`. The number is
 * per kind of endpoint; with the in-memory store each route keeps its own count, so a burst on one
 * lookup does not block another, nor saving a step.
 */
export function limitFor(config: Pick<Config, "rateLimits">, kind: RateLimitKind) {
  return { max: config.rateLimits[kind], timeWindow: 60_000, groupId: kind };
}

async function rateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 429,
      message: RATE_LIMIT_MESSAGE,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
}

export default fp(rateLimits, { name: "rate-limits" });
