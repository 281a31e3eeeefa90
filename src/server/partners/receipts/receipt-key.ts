import { createHash, createPrivateKey, createPublicKey, hkdfSync, sign, type KeyObject } from "node:crypto";

// The key that signs receipts and chain heads (docs/product/partners.md#receipts): an Ed25519 pair derived from the
// server's token secret with HKDF, so every process signs with the same key and nothing but the secret is kept.
// Rotating TOKEN_SECRET rotates this key; receipts signed before are checked with the key published then.

/** An Ed25519 private key in PKCS #8 is this fixed header followed by the 32-byte seed (RFC 8410). */
const PKCS8_ED25519_HEADER = Buffer.from("302e020100300506032b657004220420", "hex");

export type ReceiptKey = {
  /** The first 16 hex digits of the public key's sha256: names the key a receipt was signed with. */
  keyId: string;
  publicPem: string;
  publicJwk: { kty: string; crv: string; x: string };
  sign: (text: string) => string;
};

export function receiptKeyOf(tokenSecret: Buffer): ReceiptKey {
  const seed = Buffer.from(hkdfSync("sha256", tokenSecret, "loanpath-ledger", "receipt-signing-key-ed25519-v1", 32));
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_HEADER, seed]),
    format: "der",
    type: "pkcs8",
  });
  const publicKey = createPublicKey(privateKey);
  const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const jwk = publicKey.export({ format: "jwk" });
  return {
    keyId: createHash("sha256")
      .update(publicKey.export({ type: "spki", format: "der" }))
      .digest("hex")
      .slice(0, 16),
    publicPem,
    publicJwk: { kty: String(jwk.kty), crv: String(jwk.crv), x: String(jwk.x) },
    sign: (text) => sign(null, Buffer.from(text, "utf8"), privateKey).toString("base64"),
  };
}
