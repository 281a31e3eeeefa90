import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether an Authorization header carries this bearer token; compared in constant time (as digests, so lengths match). */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}
