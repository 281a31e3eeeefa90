import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { fromBase32, hotp, totpStep } from "../../src/server/console/access/totp.ts";

// The run's first console owner, made as the README says a deployment makes its own: `npm run operator --
// create` on the server's data directory before the server starts. Each file that signs in uses its own
// recovery codes (each works once), so files running side by side never spend the same one.

export type ConsoleOwner = { email: string; password: string; totpKey: string; recoveryCodes: string[] };

const OWNER_EMAIL = "owner@loanpath.test";
const OWNER_PASSWORD = "end-to-end owner passphrase";

/** Runs the documented command; answers what it printed, parsed. */
export async function createOwnerWithCommand(dataDir: string): Promise<ConsoleOwner> {
  return createOperatorWithCommand(dataDir, { email: OWNER_EMAIL, name: "Olive Owner", password: OWNER_PASSWORD }, [
    "--role",
    "owner",
  ]);
}

/**
 * `npm run operator -- create` for any account (`role`: the command's --role and, for a publisher account, its
 * --publisher), on a data directory no server holds open: the embedded database takes one process at a time.
 */
export async function createOperatorWithCommand(
  dataDir: string,
  account: { email: string; name: string; password: string },
  role: string[],
): Promise<ConsoleOwner> {
  const run = promisify(execFile);
  const child = run(
    process.execPath,
    ["scripts/operator.ts", "create", "--email", account.email, "--name", account.name, ...role, "--password-stdin"],
    { env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "warn" } },
  );
  child.child.stdin?.end(`${account.password}\n`);
  const { stdout } = await child;
  const totpKey = stdout.match(/or type the key: ([A-Z2-7]+)/)?.[1];
  const recoveryCodes = [...stdout.matchAll(/^ {2}([a-z0-9]{5}-[a-z0-9]{5})$/gm)].map((m) => m[1]!);
  if (!totpKey || recoveryCodes.length !== 10) throw new Error(`npm run operator -- create printed:\n${stdout}`);
  return { email: account.email, password: account.password, totpKey, recoveryCodes };
}

export const consoleOwner = () => inject("consoleOwner");

/** The owner's authenticator code now, as the app on their phone shows it. */
export const ownerCode = (owner: ConsoleOwner) => hotp(fromBase32(owner.totpKey), totpStep(Date.now()));

/** Which recovery codes each file may spend. */
export const RECOVERY_CODES_OF = { privacyLinks: [0, 1], console: [2, 3, 4], buyers: [5] } as const;

/** A signed-in console session over HTTP, for a test that reads what the server holds. */
export async function consoleSessionOverHttp(baseURL: string, owner: ConsoleOwner, codeIndex: number) {
  const res = await fetch(`${baseURL}/api/console/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: owner.email, password: owner.password, code: owner.recoveryCodes[codeIndex] }),
  });
  if (res.status !== 200) throw new Error(`console sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
  return { get: (path: string) => fetch(`${baseURL}/api/console${path}`, { headers: { cookie } }) };
}

/** Signs in on the console's own form, as a person types it. */
export async function signInOnPage(page: Page, baseURL: string, owner: ConsoleOwner, code: string, path = "/console") {
  await page.goto(`${baseURL}${path}`);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Console" }).waitFor();
}
