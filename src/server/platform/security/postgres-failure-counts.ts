import { createHmac } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { signInFailures } from "../db/schema.ts";
import type { FailureCount, FailureCounts } from "./failure-counts.ts";
import { secretKey } from "./secret-key.ts";

// The sign-in throttle's counts in PostgreSQL, so every server process counts the same failures
// (docs/decisions/0029-sign-in-throttle.md): N processes must not allow N times the guesses. A key is stored as a
// keyed hash (the token secret), never as the address it names. Each change reads and writes its key in one
// transaction with the row locked, so concurrent tries, in any process, each see the others' counts.

/** Rows whose last failure is older than this are deleted: past every rule's forgetAfterMs. */
const FORGET_AFTER_MS = 24 * 3_600_000;

const COLUMNS = { failures: signInFailures.failures, lastAt: signInFailures.lastAt };

/** A row's count; none for a missing row or one set to none. */
function countOf(row: { failures: number; lastAt: Date } | undefined): FailureCount | undefined {
  return row && row.failures > 0 ? { failures: row.failures, lastAt: row.lastAt.getTime() } : undefined;
}

export class PostgresFailureCounts implements FailureCounts {
  private readonly db: Db;
  private readonly secret: Buffer;

  constructor(db: Db, secret: Buffer) {
    this.db = db;
    this.secret = secret;
  }

  async change<T>(
    key: string,
    decide: (current: FailureCount | undefined) => { next: FailureCount | undefined; result: T },
  ): Promise<T> {
    const keyHash = this.hashOf(key);
    return this.db.transaction(async (tx) => {
      // The key's row, made when missing and locked either way, in one statement: two first failures at once queue
      // on it instead of both reading nothing, and a row the prune deletes meanwhile is made again, not lost (an
      // insert that does nothing on conflict would lock nothing, and a later select could find the row gone).
      const [row] = await tx
        .insert(signInFailures)
        .values({ keyHash, failures: 0, lastAt: new Date(0) })
        .onConflictDoUpdate({ target: signInFailures.keyHash, set: { keyHash: sql`excluded.key_hash` } })
        .returning(COLUMNS);
      const stored = { failures: row!.failures, lastAt: row!.lastAt.getTime() };
      const { next, result } = decide(countOf(row));
      // A count forgotten is set to none, never deleted here: a change waiting on this row's lock would find no row
      // once this one commits, and its own count would be lost. The prune deletes rows past every rule.
      const written = next ?? { failures: 0, lastAt: stored.lastAt };
      if (written.failures !== stored.failures || written.lastAt !== stored.lastAt) {
        await tx
          .update(signInFailures)
          .set({ failures: written.failures, lastAt: new Date(written.lastAt) })
          .where(eq(signInFailures.keyHash, keyHash));
      }
      return result;
    });
  }

  async peek(key: string): Promise<FailureCount | undefined> {
    const [row] = await this.db
      .select(COLUMNS)
      .from(signInFailures)
      .where(eq(signInFailures.keyHash, this.hashOf(key)));
    return countOf(row);
  }

  private hashOf(key: string): string {
    return createHmac("sha256", secretKey(this.secret)).update(`sign-in|${key}`).digest("base64url");
  }

  /** Deletes the counts no rule remembers any more (and those set to none); answers how many. */
  async prune(): Promise<number> {
    const gone = await this.db
      .delete(signInFailures)
      .where(lt(signInFailures.lastAt, sql`now() - make_interval(secs => ${FORGET_AFTER_MS / 1000})`))
      .returning({ keyHash: signInFailures.keyHash });
    return gone.length;
  }
}
