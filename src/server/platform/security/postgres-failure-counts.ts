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
/** How many changes between two prunes of forgotten rows. */
const PRUNE_EVERY = 100;

export class PostgresFailureCounts implements FailureCounts {
  private readonly db: Db;
  private readonly secret: Buffer;
  private changes = 0;

  constructor(db: Db, secret: Buffer) {
    this.db = db;
    this.secret = secret;
  }

  async change<T>(
    key: string,
    decide: (current: FailureCount | undefined) => { next: FailureCount | undefined; result: T },
  ): Promise<T> {
    const keyHash = createHmac("sha256", secretKey(this.secret)).update(`sign-in|${key}`).digest("base64url");
    const result = await this.db.transaction(async (tx) => {
      // The row is made first when missing, so that there is always a row to lock: two first failures at once
      // then queue on it instead of both reading nothing.
      await tx
        .insert(signInFailures)
        .values({ keyHash, failures: 0, lastAt: new Date(0) })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ failures: signInFailures.failures, lastAt: signInFailures.lastAt })
        .from(signInFailures)
        .where(eq(signInFailures.keyHash, keyHash))
        .for("update");
      const current = row && row.failures > 0 ? { failures: row.failures, lastAt: row.lastAt.getTime() } : undefined;
      const { next, result } = decide(current);
      if (next) {
        await tx
          .update(signInFailures)
          .set({ failures: next.failures, lastAt: new Date(next.lastAt) })
          .where(eq(signInFailures.keyHash, keyHash));
      } else {
        await tx.delete(signInFailures).where(eq(signInFailures.keyHash, keyHash));
      }
      return result;
    });
    if (++this.changes % PRUNE_EVERY === 0) await this.prune().catch(() => {});
    return result;
  }

  /** Deletes the counts no rule remembers any more. */
  async prune(): Promise<void> {
    await this.db
      .delete(signInFailures)
      .where(lt(signInFailures.lastAt, sql`now() - make_interval(secs => ${FORGET_AFTER_MS / 1000})`));
  }
}
