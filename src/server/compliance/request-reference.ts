import { randomBytes } from "node:crypto";

// Crockford's base32: no I, L, O or U, so a reference read out over the phone is not misheard.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A random request reference such as `PR-7K3M9Q2XJD` (50 random bits): the row id and what the visitor quotes. */
export function newRequestReference(): string {
  const bytes = randomBytes(10);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte & 31];
  return `PR-${out}`;
}
