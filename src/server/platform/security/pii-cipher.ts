import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secretKey } from "./secret-key.ts";

// AES-256-GCM for the sensitive columns (docs/product/security-and-privacy.md). Each value is an envelope
// "v1.<keyId>.<iv>.<ciphertext>.<tag>" (base64url), so old values stay readable after the current key
// changes. The associated data binds a value to its lead and column: a ciphertext copied into another
// row or column fails to decrypt instead of silently moving someone's SSN.
export type PiiKeyring = { currentKeyId: string; keys: ReadonlyMap<string, Buffer> };

export class PiiCipher {
  readonly #keyring: PiiKeyring;

  constructor(keyring: PiiKeyring) {
    const current = keyring.keys.get(keyring.currentKeyId);
    if (!current) throw new Error(`PII key "${keyring.currentKeyId}" is not in the keyring`);
    for (const [id, key] of keyring.keys) {
      if (key.length !== 32) throw new Error(`PII key "${id}" must be 32 bytes`);
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) throw new Error(`PII key id "${id}" must be 1-32 of A-Z a-z 0-9 _ -`);
    }
    this.#keyring = keyring;
  }

  encrypt(plaintext: string, context: string): string {
    const keyId = this.#keyring.currentKeyId;
    const key = this.#keyring.keys.get(keyId) as Buffer;
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", secretKey(key), iv);
    cipher.setAAD(Buffer.from(context, "utf8"));
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ["v1", keyId, iv.toString("base64url"), ciphertext.toString("base64url"), tag.toString("base64url")].join(
      ".",
    );
  }

  decrypt(envelope: string, context: string): string {
    const [version, keyId, iv, ciphertext, tag] = envelope.split(".");
    if (version !== "v1" || !keyId || !iv || ciphertext === undefined || !tag)
      throw new Error("Malformed PII envelope");
    const key = this.#keyring.keys.get(keyId);
    if (!key) throw new Error(`PII key "${keyId}" is not configured`);
    const decipher = createDecipheriv("aes-256-gcm", secretKey(key), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  }

  /** The key id a stored envelope was written with, to find values that still need re-encryption. */
  static keyIdOf(envelope: string): string | undefined {
    return envelope.split(".")[1];
  }

  get currentKeyId(): string {
    return this.#keyring.currentKeyId;
  }
}

/** Parses "id1:base64key,id2:base64key"; the first entry is the current key unless one is named. */
export function parseKeyring(spec: string, currentKeyId?: string): PiiKeyring {
  const keys = new Map<string, Buffer>();
  for (const part of spec
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [id, b64] = part.split(":");
    if (!id || !b64) throw new Error('PII_ENCRYPTION_KEYS entries must look like "keyId:base64key"');
    keys.set(id, Buffer.from(b64, "base64"));
  }
  const first = keys.keys().next().value;
  if (!first) throw new Error("PII_ENCRYPTION_KEYS is empty");
  return { currentKeyId: currentKeyId ?? first, keys };
}
