import { describe, expect, it } from "vitest";
import { delayAfter, SignInThrottle, type SignInVerdict, type ThrottleRule } from "./sign-in-throttle.ts";

const RULE: ThrottleRule = { free: 2, firstDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 };
const RULES = { address: RULE, account: { ...RULE, free: 3 }, overall: { ...RULE, free: 4 } };

function throttleAt(start = 1_000_000, rules: typeof RULES = RULES) {
  const clock = { now: start };
  const lines: { fields: object; msg: string }[] = [];
  const log = { warn: (fields: object, msg: string) => lines.push({ fields, msg }) } as never;
  const throttle = new SignInThrottle({ name: "test sign-in", now: () => clock.now, rules });
  /** One try: allowed or not, and if allowed, right or wrong. */
  const tryFrom = async (ip: string, right = false, account?: string): Promise<SignInVerdict> => {
    const verdict = await throttle.attempt(ip, log, account);
    if (verdict.allowed) {
      if (right) await throttle.succeeded(verdict);
      else throttle.failed(verdict, log);
    }
    return verdict;
  };
  return { clock, lines, throttle, tryFrom, log };
}

describe("delayAfter", () => {
  it("waits nothing for the free failures, then doubles up to the cap", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => delayAfter(RULE, n))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
  });
});

describe("SignInThrottle", () => {
  it("lets an address fail freely a few times, then makes it wait longer after each failure", async () => {
    const { clock, tryFrom } = throttleAt();
    expect((await tryFrom("192.0.2.1")).allowed).toBe(true);
    expect((await tryFrom("192.0.2.1")).allowed).toBe(true);
    expect(await tryFrom("192.0.2.1", true)).toEqual({ allowed: false, scope: "address", retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect((await tryFrom("192.0.2.1")).allowed).toBe(true);
    clock.now += 1_999;
    expect(await tryFrom("192.0.2.1")).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 1;
    expect(await tryFrom("192.0.2.1")).toMatchObject({ allowed: true, failures: 4 });
  });

  it("counts a try before the password is checked, so simultaneous guesses get only the free ones", async () => {
    const { throttle, log } = throttleAt();
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => throttle.attempt("192.0.2.2", log)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(2);
  });

  it("slows guesses spread over many addresses once all of them together pass a larger allowance", async () => {
    const { clock, tryFrom } = throttleAt();
    for (const ip of ["192.0.2.10", "192.0.2.11", "192.0.2.12", "192.0.2.13"]) {
      expect((await tryFrom(ip)).allowed).toBe(true);
    }
    expect(await tryFrom("192.0.2.14", true)).toEqual({ allowed: false, scope: "overall", retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect((await tryFrom("192.0.2.14", true)).allowed).toBe(true);
  });

  it("gives each account a count of its own: guesses at one account from as many addresses slow down", async () => {
    // Everyone's count out of the way: this is about the account's.
    const { clock, tryFrom } = throttleAt(1_000_000, { ...RULES, overall: { ...RULE, free: 1_000 } });
    const account = "Owner@Loanpath.example";
    for (const ip of ["192.0.2.30", "192.0.2.31", "192.0.2.32"])
      expect((await tryFrom(ip, false, account)).allowed).toBe(true);
    // The same account, written otherwise, from a fourth address: its own count is fresh, the account's is not.
    expect(await tryFrom("192.0.2.33", true, " owner@loanpath.EXAMPLE ")).toEqual({
      allowed: false,
      scope: "account",
      retryAfterSeconds: 1,
    });
    // Another account from that address is not held back, and the refused try did not count against the address.
    expect(await tryFrom("192.0.2.33", false, "analyst@loanpath.example")).toMatchObject({
      allowed: true,
      failures: 1,
    });
    clock.now += 1_000;
    const right = await tryFrom("192.0.2.34", true, account);
    expect(right.allowed).toBe(true);
    // Signed in: the account starts afresh.
    expect(await tryFrom("192.0.2.35", false, account)).toMatchObject({ allowed: true });
    expect(await tryFrom("192.0.2.36", false, account)).toMatchObject({ allowed: true });
  });

  it("starts an address afresh when it signs in, and gives back its try to the overall count", async () => {
    const { tryFrom } = throttleAt();
    expect(await tryFrom("192.0.2.20")).toMatchObject({ failures: 1, overallFailures: 1 });
    expect(await tryFrom("192.0.2.20", true)).toMatchObject({ failures: 2, overallFailures: 2 });
    expect(await tryFrom("192.0.2.20")).toMatchObject({ failures: 1, overallFailures: 2 });
  });

  it("forgets failures after a quiet while, and counts an IPv6 /64 as one address", async () => {
    const { clock, tryFrom } = throttleAt();
    await tryFrom("2001:db8::1");
    await tryFrom("2001:db8::2");
    expect(await tryFrom("2001:db8::3")).toMatchObject({ allowed: false, scope: "address" });
    clock.now += RULE.forgetAfterMs;
    expect(await tryFrom("2001:db8::4")).toMatchObject({ allowed: true, failures: 1 });
  });

  it("logs each failure and each refusal with counts, never the address", async () => {
    const { lines, tryFrom } = throttleAt();
    await tryFrom("192.0.2.30");
    await tryFrom("192.0.2.30");
    await tryFrom("192.0.2.30");
    expect(lines).toEqual([
      { fields: { failures: 1, overallFailures: 1 }, msg: "test sign-in failed" },
      { fields: { failures: 2, overallFailures: 2 }, msg: "test sign-in failed" },
      { fields: { scope: "address", retryAfterSeconds: 1 }, msg: "test sign-in throttled" },
    ]);
  });
});
