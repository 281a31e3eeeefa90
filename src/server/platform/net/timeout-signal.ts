// The signal that ends an outside call after `ms`. Every client takes one as an option so that tests can give one
// they fire themselves: a wall-clock timer, once a loaded machine has not run the process for longer than it, runs
// before an answer already received is read, and a call that was answered counts as timed out
// (docs/decisions/0046-tests-under-load.md).

export type TimeoutSignal = (ms: number) => AbortSignal;

export const wallClockTimeout: TimeoutSignal = (ms) => AbortSignal.timeout(ms);
