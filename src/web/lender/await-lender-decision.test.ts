import { describe, expect, it } from "vitest";
import { awaitLenderDecision, PING_INTERVAL_MS, WAIT_LIMIT_MS, type LenderAnswer } from "./await-lender-decision.ts";

const PENDING: LenderAnswer = { ok: true, status: 3 };

/** A clock that only moves when the wait sleeps, or when a call says how long it took. */
function scripted(sendAnswer: LenderAnswer, pings: (n: number) => LenderAnswer, pingTakesMs = 0) {
  let now = 0;
  const log: string[] = [];
  return {
    log,
    calls: {
      send: async () => {
        log.push(`send@${now}`);
        return sendAnswer;
      },
      ping: async () => {
        const n = log.filter((l) => l.startsWith("ping")).length;
        log.push(`ping@${now}`);
        now += pingTakesMs;
        return pings(n);
      },
      now: () => now,
      sleep: async (ms: number) => {
        now += ms;
      },
    },
  };
}

describe("the lender connection's wait", () => {
  it("asks every 2 s while the auction runs and ends with the accepting lender's address", async () => {
    const { calls, log } = scripted(PENDING, (n) =>
      n < 3 ? PENDING : { ok: true, status: 1, redirectUrl: "https://l.example/o" },
    );
    expect(await awaitLenderDecision(calls)).toEqual({ kind: "accepted", redirectUrl: "https://l.example/o" });
    expect(log).toEqual([
      "send@0",
      "ping@0",
      `ping@${PING_INTERVAL_MS}`,
      `ping@${2 * PING_INTERVAL_MS}`,
      `ping@${3 * PING_INTERVAL_MS}`,
    ]);
  });

  it("does not wait again after a ping the server held open for the interval", async () => {
    const { calls, log } = scripted(
      PENDING,
      (n) => (n < 2 ? PENDING : { ok: true, status: 2, rejectUrl: "/reject-page" }),
      5_000,
    );
    expect(await awaitLenderDecision(calls)).toEqual({ kind: "rejected", rejectUrl: "/reject-page" });
    expect(log).toEqual(["send@0", "ping@0", "ping@5000", "ping@10000"]);
  });

  it("takes a decision the submission already carries without asking", async () => {
    const { calls, log } = scripted({ ok: true, status: 2, rejectUrl: undefined }, () => PENDING);
    expect(await awaitLenderDecision(calls)).toEqual({ kind: "rejected", rejectUrl: undefined });
    expect(log).toEqual(["send@0"]);
  });

  it("gives up after 310 s of pending answers", async () => {
    const { calls, log } = scripted(PENDING, () => PENDING);
    expect(await awaitLenderDecision(calls)).toEqual({ kind: "timed-out" });
    const last = Number(log.at(-1)!.split("@")[1]);
    expect(last).toBeLessThan(WAIT_LIMIT_MS);
    expect(last).toBeGreaterThanOrEqual(WAIT_LIMIT_MS - PING_INTERVAL_MS);
  });

  it("fails at once when the submission is refused, and after five network failures in a row when asking", async () => {
    const refused = scripted({ ok: false, httpStatus: 400, message: "Missing answers" }, () => PENDING);
    expect(await awaitLenderDecision(refused.calls)).toEqual({
      kind: "failed",
      httpStatus: 400,
      message: "Missing answers",
    });
    expect(refused.log).toEqual(["send@0"]);

    const offline: LenderAnswer = { ok: false, httpStatus: 0, message: "offline" };
    const blinking = scripted(PENDING, (n) =>
      n % 2 === 0 ? offline : n < 9 ? PENDING : { ok: true, status: 1, redirectUrl: "https://l.example/" },
    );
    expect((await awaitLenderDecision(blinking.calls)).kind).toBe("accepted");

    const gone = scripted(PENDING, () => offline);
    expect(await awaitLenderDecision(gone.calls)).toMatchObject({ kind: "failed", httpStatus: 0 });
    expect(gone.log.filter((l) => l.startsWith("ping"))).toHaveLength(5);
  });

  it("stops asking when the lead is no longer this browser's, and when the screen is left", async () => {
    const notFound = scripted(PENDING, () => ({ ok: false, httpStatus: 404, message: "Lead not found" }));
    expect(await awaitLenderDecision(notFound.calls)).toMatchObject({ kind: "failed", httpStatus: 404 });
    expect(notFound.log.filter((l) => l.startsWith("ping"))).toHaveLength(1);

    let left = false;
    const leaving = scripted(PENDING, (n) => {
      if (n === 1) left = true;
      return PENDING;
    });
    expect(await awaitLenderDecision(leaving.calls, () => left)).toEqual({ kind: "timed-out" });
    expect(leaving.log.filter((l) => l.startsWith("ping"))).toHaveLength(2);
  });
});
