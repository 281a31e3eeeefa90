import { createHash, randomInt } from "node:crypto";

// One-time codes that stand in for the authenticator when the phone is lost. Ten per account, shown once when
// the account is made; each carries about 50 random bits, so a plain sha256 of it is safe to keep (no guessing a code
// from its hash), and a used code's hash is removed.

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read aloud or copied from paper
const COUNT = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function recoveryCodeHash(code: string): string {
  const normalized = code.trim().toLowerCase().replace(/[\s-]/g, "");
  return createHash("sha256").update(`recovery:${normalized}`).digest("hex");
}

/** Whether `code` looks like a recovery code rather than a 6-digit authenticator code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());
}
