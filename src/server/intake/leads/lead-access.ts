import type {} from "@fastify/cookie";
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sameDigest, sha256Hex } from "../../platform/security/signed-token.ts";

// Knowing a lead id grants nothing (docs/product/security-and-privacy.md): creating a lead sets an HttpOnly cookie
// holding a random token, and only its sha256 is stored. Every read or write compares in constant time.
//
// The token carries the time it was issued, "<seconds>.<random>", and the stored hash covers both: the
// server refuses a token older than its life even when a browser keeps the cookie past Max-Age, and nobody
// can move the time without the hash failing (docs/decisions/0008-lead-access-and-pii.md). A cookie of the
// older form "<id>.<random>" says nothing of its age and is refused like any other.
const LEAD_COOKIE = "lp_lead";
/** How long a lead's cookie opens it: the cookie's Max-Age and the server's check, one number. */
export const LEAD_ACCESS_LIFE_SECONDS = 60 * 60 * 24 * 30;

export function newLeadId(): string {
  return `ld_${randomBytes(16).toString("base64url")}`;
}

/** What newLeadId makes: "ld_" and 128 bits in base64url (22 characters). */
export const LEAD_ID_PATTERN = /^ld_[A-Za-z0-9_-]{22}$/;

export function newAccessToken(issuedAt: Date = new Date()): { token: string; hash: string } {
  const token = `${Math.floor(issuedAt.getTime() / 1000)}.${randomBytes(32).toString("base64url")}`;
  return { token, hash: sha256Hex(token) };
}

export function setLeadCookie(reply: FastifyReply, leadId: string, token: string, secure: boolean) {
  reply.setCookie(LEAD_COOKIE, `${leadId}.${token}`, {
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/api",
    maxAge: LEAD_ACCESS_LIFE_SECONDS,
  });
}

/** The sha256 of the token the request's cookie holds for this lead, while that token lives; or undefined. */
export function presentedTokenHash(
  request: FastifyRequest,
  leadId: string,
  now: Date = new Date(),
): string | undefined {
  const [id, issued = "", random, extra] = request.cookies[LEAD_COOKIE]?.split(".") ?? [];
  if (id !== leadId || !random || extra !== undefined || !/^\d{1,12}$/.test(issued)) return undefined;
  if (now.getTime() - Number(issued) * 1000 >= LEAD_ACCESS_LIFE_SECONDS * 1000) return undefined;
  return sha256Hex(`${issued}.${random}`);
}

/** True when the request's cookie carries the living token of exactly this lead. */
export function holdsLeadToken(request: FastifyRequest, leadId: string, storedHash: string): boolean {
  const presented = presentedTokenHash(request, leadId);
  return presented !== undefined && sameDigest(presented, storedHash);
}
