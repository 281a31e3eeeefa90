import { createHmac, timingSafeEqual } from "node:crypto";
import { secretKey } from "./secret-key.ts";

// Links the product sends out (a consent certificate, a privacy export, a deletion to confirm) carry
// "id.expiry.mac": short enough for a path segment (Fastify refuses path parameters over 100 characters).
// The id is no secret; the MAC (128 bits of HMAC-SHA256 over purpose, id and expiry, keyed with the
// server's token secret) is, so nobody can make a link for an id, and a link made for one purpose opens
// nothing else.
const ID = /^[\w-]{1,64}$/;

function mac(secret: Buffer, purpose: string, id: string, expiry: number): string {
  return createHmac("sha256", secretKey(secret)).update(`${purpose}:${id}:${expiry}`).digest("base64url").slice(0, 22);
}

export function issueLinkToken(secret: Buffer, purpose: string, id: string, expiresAt: Date): string {
  if (!ID.test(id)) throw new Error("a link token's id is 1 to 64 letters, digits, _ or -");
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${expiry}.${mac(secret, purpose, id, expiry)}`;
}

/** The id the token was issued for, when it is ours, for this purpose and not expired. */
export function readLinkToken(secret: Buffer, purpose: string, token: string, now = new Date()): string | undefined {
  const [id = "", expiry = "", given = "", extra] = token.split(".");
  if (extra !== undefined || !ID.test(id) || !/^\d{1,12}$/.test(expiry)) return undefined;
  const expected = Buffer.from(mac(secret, purpose, id, Number(expiry)));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  return Number(expiry) * 1000 > now.getTime() ? id : undefined;
}

/** An address that leaves the site (in a post or an e-mail): PUBLIC_BASE_URL and a path. */
export function publicUrl(publicBaseUrl: string, path: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}${path}`;
}
