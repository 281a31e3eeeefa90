import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseKeyring, PiiCipher } from "./pii-cipher.ts";

const key = () => randomBytes(32);

describe("PiiCipher", () => {
  const cipher = new PiiCipher({ currentKeyId: "k1", keys: new Map([["k1", key()]]) });

  it("round-trips any text and never stores it in clear", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (text) => {
        const envelope = cipher.encrypt(text, "lead_1:ssn");
        expect(cipher.decrypt(envelope, "lead_1:ssn")).toBe(text);
        if (text.length >= 4) expect(envelope).not.toContain(text);
      }),
    );
  });

  it("gives a different envelope each time for the same value", () => {
    expect(cipher.encrypt("123456789", "c")).not.toBe(cipher.encrypt("123456789", "c"));
  });

  it("refuses a value moved to another lead or column", () => {
    const envelope = cipher.encrypt("123456789", "lead_1:ssn");
    expect(() => cipher.decrypt(envelope, "lead_2:ssn")).toThrow();
    expect(() => cipher.decrypt(envelope, "lead_1:bank_aba")).toThrow();
  });

  it("refuses a tampered envelope", () => {
    const envelope = cipher.encrypt("123456789", "c");
    const parts = envelope.split(".");
    const ct = Buffer.from(parts[3] ?? "", "base64url");
    ct[0] = (ct[0] ?? 0) ^ 1;
    parts[3] = ct.toString("base64url");
    expect(() => cipher.decrypt(parts.join("."), "c")).toThrow();
    expect(() => cipher.decrypt("garbage", "c")).toThrow("Malformed PII envelope");
  });

  it("reads values written under an older key after rotation", () => {
    const k1 = key();
    const k2 = key();
    const before = new PiiCipher({ currentKeyId: "k1", keys: new Map([["k1", k1]]) });
    const old = before.encrypt("987654321", "c");
    const after = new PiiCipher({
      currentKeyId: "k2",
      keys: new Map([
        ["k1", k1],
        ["k2", k2],
      ]),
    });
    expect(after.decrypt(old, "c")).toBe("987654321");
    const fresh = after.encrypt("987654321", "c");
    expect(PiiCipher.keyIdOf(fresh)).toBe("k2");
    expect(() => before.decrypt(fresh, "c")).toThrow('PII key "k2" is not configured');
  });

  it("refuses keys of the wrong size", () => {
    expect(() => new PiiCipher({ currentKeyId: "k", keys: new Map([["k", randomBytes(16)]]) })).toThrow("32 bytes");
  });
});

describe("parseKeyring", () => {
  it("takes the first key as current unless one is named", () => {
    const a = randomBytes(32).toString("base64");
    const b = randomBytes(32).toString("base64");
    expect(parseKeyring(`one:${a},two:${b}`).currentKeyId).toBe("one");
    expect(parseKeyring(`one:${a},two:${b}`, "two").currentKeyId).toBe("two");
    expect(() => parseKeyring("nonsense")).toThrow("keyId:base64key");
    expect(() => parseKeyring("")).toThrow("empty");
  });
});
