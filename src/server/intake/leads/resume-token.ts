import { signToken, sha256Hex, verifyToken } from "../../platform/security/signed-token.ts";

// The e-mail-link resume token (docs/product/security-and-privacy.md): signed by this server, for one lead and one
// e-mail, expiring, good for resuming only. The e-mail is carried as a hash so the token reveals nothing.
const RESUME_PURPOSE = "resume";

const emailHash = (email: string) => sha256Hex(email.trim().toLowerCase());

export function issueResumeToken(
  secret: Buffer,
  lead: { id: string; email: string },
  ttlHours: number,
  now = new Date(),
): string {
  return signToken(secret, {
    purpose: RESUME_PURPOSE,
    sub: lead.id,
    em: emailHash(lead.email),
    exp: Math.floor(now.getTime() / 1000 + ttlHours * 3600),
  });
}

/** The lead id a token grants resuming, when it is valid and was issued for this e-mail. */
export function resumableLeadId(secret: Buffer, token: string, email: string, now = new Date()): string | undefined {
  const result = verifyToken(secret, token, RESUME_PURPOSE, now);
  if (!result.ok || result.claims.em !== emailHash(email)) return undefined;
  return result.claims.sub;
}
