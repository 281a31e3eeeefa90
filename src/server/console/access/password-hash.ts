import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// Operators' passwords, hashed with scrypt (docs/decisions/0034-operator-console.md): memory-hard, in Node's
// own crypto, so no native add-on to build. The parameters are stored with each hash, so raising them later
// leaves older hashes verifiable.

export type ScryptCost = { N: number; r: number; p: number };

/** OWASP's recommended cost for scrypt: N = 2^17, r = 8, p = 1 (128 MiB per hash). */
const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** A password shorter than this is refused; long passphrases are what is asked for. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Every account the product makes is hashed at PASSWORD_COST; only tests pass a cheaper one (NewOperator). */
export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Compared against when the e-mail matches no operator, so an unknown address takes as long as a wrong
// password and the answer's timing does not tell which addresses have accounts.
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString("base64"));
  return decoy;
}
