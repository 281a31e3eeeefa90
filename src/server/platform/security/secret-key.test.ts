import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { secretKey } from "./secret-key.ts";

describe("secretKey", () => {
  it("wraps a buffer once and keys the same HMAC as the buffer itself", () => {
    const raw = randomBytes(32);
    const key = secretKey(raw);
    expect(secretKey(raw)).toBe(key);
    expect(key.export().equals(raw)).toBe(true);
    expect(createHmac("sha256", key).update("phone:2125551234").digest("hex")).toBe(
      createHmac("sha256", raw).update("phone:2125551234").digest("hex"),
    );
  });

  it("keeps secrets apart: another buffer, even with the same bytes, is its own key", () => {
    const raw = randomBytes(32);
    const other = randomBytes(32);
    expect(secretKey(other).export().equals(other)).toBe(true);
    expect(secretKey(raw).export().equals(other)).toBe(false);
    expect(secretKey(Buffer.from(raw))).not.toBe(secretKey(raw));
  });
});
