import { randomBytes } from "node:crypto";
import type { OperatorRole } from "../../src/domain/console/roles.ts";
import { createOperator, totpSecretOf } from "../../src/server/console/access/operator-store.ts";
import { hotp, totpStep } from "../../src/server/console/access/totp.ts";
import { PiiCipher } from "../../src/server/platform/security/pii-cipher.ts";
import type { TestApp } from "./test-app.ts";

export type ConsoleUser = {
  id: string;
  email: string;
  password: string;
  recoveryCodes: string[];
  /** Headers for a read: the session cookie. */
  read: Record<string, string>;
  /** Headers for a change: the cookie and the session's CSRF token. */
  write: Record<string, string>;
  /** The current authenticator code of this account, for a later sign-in. */
  code: (atMs?: number) => string;
};

/**
 * scrypt at N = 2^10 for the accounts tests sign in with on the way to what they test: the product's cost (2^17, two
 * hashes per sign-in) took about a second of CPU each, tens of seconds per server pass. The sign-in route still
 * verifies by the stored parameters; console-access.test.ts holds that accounts the product makes use its cost.
 */
const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

/** Makes an operator with `role` and signs them in through the real sign-in route, as the console does. */
export async function signInAs(
  t: TestApp,
  role: OperatorRole,
  email = `${role}-${randomBytes(3).toString("hex")}@loanpath.test`,
  /** The publisher a `publisher` account sees, or the buyer a `buyer` account sees. */
  partnerId?: string,
): Promise<ConsoleUser> {
  const cipher = new PiiCipher(t.secrets.piiKeyring);
  const password = `pw ${randomBytes(12).toString("hex")}`;
  const made = await createOperator(t.database.db, cipher, {
    email,
    name: `A ${role}`,
    role,
    password,
    ...(role === "publisher" ? { publisherId: partnerId } : role === "buyer" ? { buyerId: partnerId } : {}),
    passwordCost: TEST_PASSWORD_COST,
  });
  const secret = totpSecretOf(cipher, made.operator);
  const code = (atMs = Date.now()) => hotp(secret, totpStep(atMs));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/console/session",
    payload: { email, password, code: code() },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === "lp_console")!;
  const csrf = (res.json() as { data: { csrf_token: string } }).data.csrf_token;
  const read = { cookie: `lp_console=${cookie.value}` };
  return {
    id: made.operator.id,
    email,
    password,
    recoveryCodes: made.recoveryCodes,
    read,
    write: { ...read, "x-csrf-token": csrf },
    code,
  };
}
