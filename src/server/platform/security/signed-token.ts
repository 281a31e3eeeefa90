import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { secretKey } from "./secret-key.ts";

// Compact signed tokens "payload.signature" (HMAC-SHA256, base64url). Each carries a purpose, so a
// token minted for one use (an e-mail resume link) is refused for any other, and an expiry.
export type TokenClaims = { purpose: string; sub: string; exp: number; [claim: string]: string | number };

export type VerifyResult =
  { ok: true; claims: TokenClaims } | { ok: false; reason: "malformed" | "signature" | "purpose" | "expired" };

function sign(secret: Buffer, payload: string): string {
  return createHmac("sha256", secretKey(secret)).update(payload).digest("base64url");
}

export function signToken(secret: Buffer, claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

export function verifyToken(secret: Buffer, token: string, purpose: string, now: Date = new Date()): VerifyResult {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || token.length > 2048) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "signature" };
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as TokenClaims;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (typeof claims !== "object" || claims === null || typeof claims.exp !== "number")
    return { ok: false, reason: "malformed" };
  if (claims.purpose !== purpose) return { ok: false, reason: "purpose" };
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}

/** sha256 of a secret value, hex: what we store instead of a bearer token. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** Constant-time equality of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
