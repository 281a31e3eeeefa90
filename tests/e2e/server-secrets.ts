import { readFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";

/**
 * The token secret the run's server generated into its data directory (src/server/platform/security/secrets.ts):
 * what signs the links the server mails or hands out, so a test can make the one a person would receive.
 */
export async function serverTokenSecret(): Promise<Buffer> {
  const stored = JSON.parse(await readFile(path.join(inject("dataDir"), "secrets.json"), "utf8")) as {
    tokenSecret: string;
  };
  return Buffer.from(stored.tokenSecret, "base64");
}
