// Where the sign-in throttle (sign-in-throttle.ts) keeps its counts: this process's memory on the embedded
// database, a table every process shares on PostgreSQL (postgres-failure-counts.ts), behind one interface, so the
// throttle is the same on both (docs/decisions/0029-sign-in-throttle.md).

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
  /** A store that keeps what it forgets (a table) deletes it here, on a timer; answers how many it deleted. */
  prune?(): Promise<number>;
  /** Key's count as it is now, for a read that accepts a race: no lock, nothing written. */
  peek(key: string): Promise<FailureCount | undefined>;
}

/** Most keys kept; the least recently changed go first past it, so a flood of addresses cannot fill memory. */
const MAX_KEYS = 10_000;

export class MemoryFailureCounts implements FailureCounts {
  private readonly counts = new Map<string, FailureCount>();

  async peek(key: string): Promise<FailureCount | undefined> {
    return this.counts.get(key);
  }

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
