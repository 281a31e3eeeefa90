import type { TimeoutSignal } from "./timeout-signal.ts";

// Timeouts for tests that hold on a loaded machine (docs/decisions/0046-tests-under-load.md).

/** For tests that are not about the timeout: an answer that came is read, however long the process was not run. */
export const neverTimesOut: TimeoutSignal = () => new AbortController().signal;

/**
 * A timeout the test fires itself, once the fake has the request, instead of a timer racing the fake. `asked`
 * holds the length each call asked for. Firing ends the calls in flight; later calls get a fresh signal.
 */
export function timeoutFiredByTest(): { signal: TimeoutSignal; fire(): void; asked: number[] } {
  let current = new AbortController();
  const asked: number[] = [];
  return {
    asked,
    signal: (ms) => {
      asked.push(ms);
      return current.signal;
    },
    fire() {
      // The reason AbortSignal.timeout gives, so the client sees what a real timeout looks like.
      current.abort(new DOMException("The operation timed out.", "TimeoutError"));
      current = new AbortController();
    },
  };
}

/** Blocks this thread without using a core, as a loaded machine does not run the process for a while. */
export const stall = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
