import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import { MemoryFailureCounts, type FailureCount, type FailureCounts } from "./failure-counts.ts";

// Slows password guessing (docs/decisions/0029-sign-in-throttle.md). Each address, and each account whatever the
// address, may fail a few times freely; after that it waits before its next try, twice as long after each further
// failure, up to a cap.
// All addresses together get the same treatment with a larger allowance, so guesses spread over many
// addresses slow down too. A try is counted as a failure before the password is checked and given back when
// it succeeds: concurrent guesses cannot slip past a count that has not been written yet.

export type ThrottleRule = {
  /** Failures allowed before any wait. */
  free: number;
  /** The wait after the first failure past `free`; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A count with no failure for this long is forgotten. */
  forgetAfterMs: number;
};

export const SIGN_IN_RULES = {
  address: { free: 5, firstDelayMs: 2_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 24 * 3_600_000 },
  // Guesses at one account from many addresses: each address's count stays low, the account's does not.
  account: { free: 5, firstDelayMs: 2_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 24 * 3_600_000 },
  overall: { free: 100, firstDelayMs: 1_000, maxDelayMs: 60_000, forgetAfterMs: 3_600_000 },
} as const satisfies Record<string, ThrottleRule>;

type Scope = keyof typeof SIGN_IN_RULES;

/** What a throttled try is answered; the wait goes beside it (Retry-After, retryAfterSeconds). */
export const SIGN_IN_THROTTLED_MESSAGE = "Too many failed sign-ins. Please wait before you try again.";

export type SignInVerdict =
  | { allowed: true; key: string; accountKey: string | undefined; failures: number; overallFailures: number }
  | { allowed: false; scope: Scope; retryAfterSeconds: number };

/** How long after its last failure a key with `failures` must wait before its next try. */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.free));
}

type Options = {
  /** What is signed in to, for the log lines ("operator sign-in"). */
  name: string;
  counts?: FailureCounts;
  now?: () => number;
  rules?: Record<Scope, ThrottleRule>;
};

export class SignInThrottle {
  private readonly name: string;
  private readonly counts: FailureCounts;
  private readonly now: () => number;
  private readonly rules: Record<Scope, ThrottleRule>;

  constructor(options: Options) {
    this.name = options.name;
    this.counts = options.counts ?? new MemoryFailureCounts();
    this.now = options.now ?? (() => Date.now());
    this.rules = options.rules ?? SIGN_IN_RULES;
  }

  /**
   * Whether a try from `ip` at `account` (the name typed, whether or not such an account exists, so the answer
   * tells nothing) may go on to the password check; if so it is counted as a failure of both until `succeeded`
   * gives it back. A refused try is not counted (waiting it out is what the throttle asks) and is logged.
   */
  async attempt(ip: string, log: Pick<FastifyBaseLogger, "warn">, account?: string): Promise<SignInVerdict> {
    const now = this.now();
    const address = `${this.name}|${normalizeIP(ip)}`;
    const overall = this.overallKey();
    // The overall count is read first and counted last, without a check of its own: a race there lets
    // through only tries that each passed their own address's count, which is checked and counted at once. So
    // the first read takes no lock: every address's tries share that one count (a row, on PostgreSQL).
    const overallWait = this.waitOf("overall", await this.counts.peek(overall), now);
    if (overallWait > 0) return this.refused("overall", overallWait, log);
    const counted = await this.counts.change(address, (current) => {
      const wait = this.waitOf("address", current, now);
      if (wait > 0) return { next: current, result: { wait, failures: 0 } };
      const failures = this.live("address", current, now) + 1;
      return { next: { failures, lastAt: now }, result: { wait: 0, failures } };
    });
    if (counted.wait > 0) return this.refused("address", counted.wait, log);
    const accountKey = account === undefined ? undefined : `${this.name}|account|${account.trim().toLowerCase()}`;
    if (accountKey) {
      const accountWait = await this.counts.change(accountKey, (current) => {
        const wait = this.waitOf("account", current, now);
        if (wait > 0) return { next: current, result: wait };
        return { next: { failures: this.live("account", current, now) + 1, lastAt: now }, result: 0 };
      });
      if (accountWait > 0) {
        // Refused: the try the address's count took is given back, as a refused try is not counted.
        await this.counts.change(address, (current) => ({
          next: current && current.failures > 1 ? { ...current, failures: current.failures - 1 } : undefined,
          result: undefined,
        }));
        return this.refused("account", accountWait, log);
      }
    }
    const overallFailures = await this.counts.change(overall, (current) => {
      const failures = this.live("overall", current, now) + 1;
      return { next: { failures, lastAt: now }, result: failures };
    });
    return { allowed: true, key: address, accountKey, failures: counted.failures, overallFailures };
  }

  /** The password was right: the address and the account start afresh, and the try no longer counts against everyone. */
  async succeeded(verdict: Extract<SignInVerdict, { allowed: true }>): Promise<void> {
    await this.counts.change(verdict.key, () => ({ next: undefined, result: undefined }));
    if (verdict.accountKey)
      await this.counts.change(verdict.accountKey, () => ({ next: undefined, result: undefined }));
    await this.counts.change(this.overallKey(), (current) => ({
      next: current && current.failures > 1 ? { ...current, failures: current.failures - 1 } : undefined,
      result: undefined,
    }));
  }

  /** The password was wrong: the try stays counted; the line says how many, never who or which password. */
  failed(verdict: Extract<SignInVerdict, { allowed: true }>, log: Pick<FastifyBaseLogger, "warn">): void {
    log.warn({ failures: verdict.failures, overallFailures: verdict.overallFailures }, `${this.name} failed`);
  }

  /** The count every address shares. */
  private overallKey(): string {
    return `${this.name}|*`;
  }

  /** Failures still remembered under a count (none once forgotten). */
  private live(scope: Scope, current: FailureCount | undefined, now: number): number {
    return current && now - current.lastAt < this.rules[scope].forgetAfterMs ? current.failures : 0;
  }

  private waitOf(scope: Scope, current: FailureCount | undefined, now: number): number {
    const failures = this.live(scope, current, now);
    if (!current || failures === 0) return 0;
    return Math.max(0, current.lastAt + delayAfter(this.rules[scope], failures) - now);
  }

  private refused(scope: Scope, waitMs: number, log: Pick<FastifyBaseLogger, "warn">): SignInVerdict {
    const retryAfterSeconds = Math.ceil(waitMs / 1000);
    log.warn({ scope, retryAfterSeconds }, `${this.name} throttled`);
    return { allowed: false, scope, retryAfterSeconds };
  }
}
