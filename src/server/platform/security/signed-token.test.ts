import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sameDigest, sha256Hex, signToken, verifyToken } from "./signed-token.ts";

const secret = randomBytes(32);
const now = new Date("2026-11-23T12:00:00Z");
const inOneHour = now.getTime() / 1000 + 3600;

describe("signed tokens", () => {
  it("verifies a token it signed, for its purpose, before expiry", () => {
    const token = signToken(secret, { purpose: "resume", sub: "lead_1", exp: inOneHour, email: "h" });
    expect(verifyToken(secret, token, "resume", now)).toEqual({
      ok: true,
      claims: { purpose: "resume", sub: "lead_1", exp: inOneHour, email: "h" },
    });
  });

  it("refuses another purpose, an expired token, a forged or altered one", () => {
    const token = signToken(secret, { purpose: "resume", sub: "lead_1", exp: inOneHour });
    expect(verifyToken(secret, token, "unsubscribe", now)).toEqual({ ok: false, reason: "purpose" });
    expect(verifyToken(secret, token, "resume", new Date(inOneHour * 1000))).toEqual({ ok: false, reason: "expired" });
    expect(verifyToken(randomBytes(32), token, "resume", now)).toEqual({ ok: false, reason: "signature" });
    const [payload, sig] = token.split(".");
    const altered = Buffer.from(JSON.stringify({ purpose: "resume", sub: "lead_2", exp: inOneHour })).toString(
      "base64url",
    );
    expect(verifyToken(secret, `${altered}.${sig}`, "resume", now)).toEqual({ ok: false, reason: "signature" });
    expect(verifyToken(secret, `${payload}`, "resume", now)).toEqual({ ok: false, reason: "malformed" });
    expect(verifyToken(secret, `${token}.x`, "resume", now)).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("digests", () => {
  it("compares digests in constant time and never matches empty", () => {
    expect(sameDigest(sha256Hex("a"), sha256Hex("a"))).toBe(true);
    expect(sameDigest(sha256Hex("a"), sha256Hex("b"))).toBe(false);
    expect(sameDigest("", "")).toBe(false);
    expect(sameDigest(sha256Hex("a"), "abcd")).toBe(false);
  });
});
