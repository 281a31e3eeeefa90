import type { Config } from "../config/config.ts";
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { parseKeyring, type PiiKeyring } from "./pii-cipher.ts";

export type Secrets = { piiKeyring: PiiKeyring; tokenSecret: Buffer };

const devFileSchema = z.object({ piiKeys: z.string().min(1), tokenSecret: z.string().min(40) });

export class SecretsError extends Error {}

/**
 * The PII keyring and the token-signing secret. Production must configure both (it refuses to start
 * otherwise: a generated key would silently make stored data unreadable on the next machine).
 * Development and tests generate them once into DATA_DIR/secrets.json, which is never committed.
 */
async function loadSecrets(opts: {
  env: "development" | "production" | "test";
  dataDir: string;
  piiKeys: string | undefined;
  piiCurrentKeyId: string | undefined;
  tokenSecret: string | undefined;
}): Promise<Secrets> {
  if (opts.piiKeys && opts.tokenSecret) {
    return fromStrings(opts.piiKeys, opts.tokenSecret, opts.piiCurrentKeyId);
  }
  if (opts.env === "production") {
    throw new SecretsError(
      "PII_ENCRYPTION_KEYS and TOKEN_SECRET must be set in production. " +
        "Generate them with: node -e \"console.log('k1:' + require('crypto').randomBytes(32).toString('base64'))\"",
    );
  }
  const file = path.join(opts.dataDir, "secrets.json");
  let stored: z.infer<typeof devFileSchema>;
  try {
    stored = devFileSchema.parse(JSON.parse(await readFile(file, "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      throw new SecretsError(`${file} is unreadable: ${(error as Error).message}`);
    stored = { piiKeys: `dev1:${randomBytes(32).toString("base64")}`, tokenSecret: randomBytes(48).toString("base64") };
    await mkdir(opts.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: "wx" }).catch(
      async (e: NodeJS.ErrnoException) => {
        // Another process created it first: use theirs.
        if (e.code !== "EEXIST") throw e;
        stored = devFileSchema.parse(JSON.parse(await readFile(file, "utf8")));
      },
    );
    await chmod(file, 0o600);
  }
  return fromStrings(opts.piiKeys ?? stored.piiKeys, opts.tokenSecret ?? stored.tokenSecret, opts.piiCurrentKeyId);
}

/** The secrets the settings name, or those generated into DATA_DIR outside production (see loadSecrets). */
export function loadConfiguredSecrets(config: Config): Promise<Secrets> {
  return loadSecrets({
    env: config.env,
    dataDir: config.dataDir,
    piiKeys: config.piiEncryptionKeys,
    piiCurrentKeyId: config.piiEncryptionKeyId,
    tokenSecret: config.tokenSecret,
  });
}

function fromStrings(piiKeys: string, tokenSecret: string, currentKeyId: string | undefined): Secrets {
  const secret = Buffer.from(tokenSecret, "base64");
  if (secret.length < 32) throw new SecretsError("TOKEN_SECRET must be at least 32 bytes, base64-encoded");
  try {
    return { piiKeyring: parseKeyring(piiKeys, currentKeyId), tokenSecret: secret };
  } catch (error) {
    throw new SecretsError(`PII_ENCRYPTION_KEYS: ${(error as Error).message}`);
  }
}
