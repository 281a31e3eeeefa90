// The lender connection's wait (docs/product/behaviour.md#lender-connection): send the application, then ask
// for the auction's result until a lender accepts, every lender declines, or 310 s pass. Kept apart from the
// screen, with the clock and the calls passed in, so every path can be tried without a browser or a server.

/** An answer of the send or ping call, reduced to what the wait needs (1 accepted, 2 rejected, 3 pending). */
export type LenderAnswer =
  | { ok: true; status: 1; redirectUrl: string }
  | { ok: true; status: 2; rejectUrl: string | undefined }
  | { ok: true; status: 3 }
  | { ok: false; httpStatus: number; message: string };

export type LenderOutcome =
  | { kind: "accepted"; redirectUrl: string }
  | { kind: "rejected"; rejectUrl: string | undefined }
  | { kind: "timed-out" }
  | { kind: "failed"; httpStatus: number; message: string };

export type DecisionCalls = {
  send: () => Promise<LenderAnswer>;
  ping: () => Promise<LenderAnswer>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Told of every answer, for the client log (docs/product/server-calls.md, logs). */
  onAnswer?: (call: "send" | "ping", answer: LenderAnswer) => void;
};

/** docs/product/constants.md: ping every 2 s, give up after 310 s. */
export const PING_INTERVAL_MS = 2_000;
export const WAIT_LIMIT_MS = 310_000;
/** A ping that fails this many times in a row (the network is gone, not blinking) ends the wait. */
const PING_FAILURES_TOLERATED = 5;

function decided(answer: LenderAnswer): LenderOutcome | undefined {
  if (!answer.ok) return undefined;
  if (answer.status === 1) return { kind: "accepted", redirectUrl: answer.redirectUrl };
  if (answer.status === 2) return { kind: "rejected", rejectUrl: answer.rejectUrl };
  return undefined;
}

export async function awaitLenderDecision(
  calls: DecisionCalls,
  isCancelled: () => boolean = () => false,
): Promise<LenderOutcome> {
  const startedAt = calls.now();
  const sent = await calls.send();
  calls.onAnswer?.("send", sent);
  if (!sent.ok) return { kind: "failed", httpStatus: sent.httpStatus, message: sent.message };
  const early = decided(sent);
  if (early) return early;

  let failures = 0;
  while (!isCancelled()) {
    const askedAt = calls.now();
    if (askedAt - startedAt >= WAIT_LIMIT_MS) return { kind: "timed-out" };
    const answer = await calls.ping();
    calls.onAnswer?.("ping", answer);
    const outcome = decided(answer);
    if (outcome) return outcome;
    if (!answer.ok) {
      // A lead the server no longer knows (or no longer lets this browser see) will never be decided.
      if (answer.httpStatus >= 400 && answer.httpStatus < 500 && answer.httpStatus !== 429) {
        return { kind: "failed", httpStatus: answer.httpStatus, message: answer.message };
      }
      if (++failures >= PING_FAILURES_TOLERATED) {
        return { kind: "failed", httpStatus: answer.httpStatus, message: answer.message };
      }
    } else {
      failures = 0;
    }
    // The server holds a ping open while nothing changes; one that came back early waits out the interval.
    const wait = Math.min(PING_INTERVAL_MS - (calls.now() - askedAt), WAIT_LIMIT_MS - (calls.now() - startedAt));
    if (wait > 0) await calls.sleep(wait);
  }
  return { kind: "timed-out" };
}
