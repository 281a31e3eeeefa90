import { describe, expect, it } from "vitest";
import { acceptedStep, base32, enrolmentUri, fromBase32, hotp, totpStep } from "./totp.ts";

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; 8-digit values at given times.
const SEED = Buffer.from("12345678901234567890");
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP", () => {
  it("matches RFC 6238's SHA-1 test values", () => {
    for (const [seconds, expected] of RFC_VECTORS) expect(hotp(SEED, totpStep(seconds * 1000), 8)).toBe(expected);
  });

  it("matches RFC 4226's HOTP values for counters 0 to 9", () => {
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    expect(expected.map((_, counter) => hotp(SEED, counter))).toEqual(expected);
  });

  it("accepts the current step and one either side, never a step already used", () => {
    const at = 1_800_000_000_000;
    const now = totpStep(at);
    expect(acceptedStep(SEED, hotp(SEED, now), at, null)).toBe(now);
    expect(acceptedStep(SEED, hotp(SEED, now - 1), at, null)).toBe(now - 1);
    expect(acceptedStep(SEED, hotp(SEED, now + 1), at, null)).toBe(now + 1);
    expect(acceptedStep(SEED, hotp(SEED, now - 2), at, null)).toBeNull();
    expect(acceptedStep(SEED, hotp(SEED, now), at, now)).toBeNull();
    expect(acceptedStep(SEED, hotp(SEED, now + 1), at, now)).toBe(now + 1);
    expect(acceptedStep(SEED, "12345", at, null)).toBeNull();
  });

  it("writes the key in base32 as authenticator apps read it, and back", () => {
    expect(base32(Buffer.from("foobar"))).toBe("MZXW6YTBOI"); // RFC 4648 section 10, unpadded
    expect(fromBase32("mzxw 6ytb oi").toString()).toBe("foobar");
    const uri = new URL(enrolmentUri(SEED, "ops@loanpath.test", "Loanpath console"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Loanpath console:ops@loanpath.test");
    expect(fromBase32(uri.searchParams.get("secret")!)).toEqual(SEED);
  });
});
