// Where the sign-in throttle (sign-in-throttle.ts) keeps its counts. In this process's memory for now, behind
// this interface, so that a store shared by every instance (a table, Redis) can take its place without a
// change to the throttle (docs/decisions/0029-sign-in-throttle.md).

/** Failed attempts under one key, and when the last one was (ms since the epoch). */
export type FailureCount = { failures: number; lastAt: number };

export interface FailureCounts {
  /**
   * Reads key's count, passes it to `decide`, and stores the count `decide` answers (undefined forgets the
   * key), with no other change to that key in between: concurrent attempts each see the others' counts.
   */
  change<T>(
    key: string,
    decide: (current: FailureCount | undefined) => { next: FailureCount | undefined; result: T },
  ): Promise<T>;
}

/** Most keys kept; the least recently changed go first past it, so a flood of addresses cannot fill memory. */
const MAX_KEYS = 10_000;

export class MemoryFailureCounts implements FailureCounts {
  private readonly counts = new Map<string, FailureCount>();

  async change<T>(
    key: string,
    decide: (current: FailureCount | undefined) => { next: FailureCount | undefined; result: T },
  ): Promise<T> {
    const { next, result } = decide(this.counts.get(key));
    this.counts.delete(key); // re-inserted below, so the Map's order is least recently changed first
    if (next) this.counts.set(key, next);
    for (const oldest of this.counts.keys()) {
      if (this.counts.size <= MAX_KEYS) break;
      this.counts.delete(oldest);
    }
    return result;
  }
}
