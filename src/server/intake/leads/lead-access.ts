import type {} from "@fastify/cookie";
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sameDigest, sha256Hex } from "../../platform/security/signed-token.ts";

// Knowing a lead id grants nothing (docs/product/security-and-privacy.md): creating a lead sets an HttpOnly cookie
// holding a random token, and only its sha256 is stored. Every read or write compares in constant time.
const LEAD_COOKIE = "lp_lead";
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

export function newLeadId(): string {
  return `ld_${randomBytes(16).toString("base64url")}`;
}

export function newAccessToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: sha256Hex(token) };
}

export function setLeadCookie(reply: FastifyReply, leadId: string, token: string, secure: boolean) {
  reply.setCookie(LEAD_COOKIE, `${leadId}.${token}`, {
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/api",
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}

/** The sha256 of the token the request's cookie holds for this lead, or undefined. */
export function presentedTokenHash(request: FastifyRequest, leadId: string): string | undefined {
  const raw = request.cookies[LEAD_COOKIE];
  const dot = raw?.indexOf(".") ?? -1;
  if (!raw || dot < 0 || raw.slice(0, dot) !== leadId) return undefined;
  return sha256Hex(raw.slice(dot + 1));
}

/** True when the request's cookie carries the token of exactly this lead. */
export function holdsLeadToken(request: FastifyRequest, leadId: string, storedHash: string): boolean {
  const presented = presentedTokenHash(request, leadId);
  return presented !== undefined && sameDigest(presented, storedHash);
}
