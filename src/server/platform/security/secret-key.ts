import { createSecretKey, type KeyObject } from "node:crypto";

// Node's crypto calls take a raw key buffer by first testing whether it is a KeyObject, a test that throws and
// catches inside Node: measured here, an HMAC of a short value took 9 µs with a buffer and 1.3 µs with a
// KeyObject, AES-GCM 11 µs and 2.3 µs. An auction makes dozens of both (docs/decisions/0038-auction-cost.md), so
// each secret is wrapped once, on first use.
const wrapped = new WeakMap<Buffer, KeyObject>();

/** The secret as a KeyObject, made once per buffer (the buffers holding secrets are never changed in place). */
export function secretKey(raw: Buffer): KeyObject {
  let key = wrapped.get(raw);
  if (!key) {
    key = createSecretKey(raw);
    wrapped.set(raw, key);
  }
  return key;
}
