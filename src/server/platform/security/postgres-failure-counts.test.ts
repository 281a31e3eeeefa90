import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { postgresReachable, POSTGRES_URL, unlessPostgres } from "../../../../tests/helpers/postgres-reachable.ts";
import { createPostgresDatabase, createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import { openDatabase, type Database } from "../db/database.ts";
import { signInFailures } from "../db/schema.ts";
import { PostgresFailureCounts } from "./postgres-failure-counts.ts";
import type { FailureCount } from "./failure-counts.ts";
import { SignInThrottle, type ThrottleRule } from "./sign-in-throttle.ts";

// The sign-in throttle's counts in the database (docs/decisions/0029-sign-in-throttle.md): two server processes
// are two throttles on one table, and must count the same failures.

const RULE: ThrottleRule = { free: 2, firstDelayMs: 60_000, maxDelayMs: 600_000, forgetAfterMs: 3_600_000 };
const RULES = { address: RULE, account: RULE, overall: { ...RULE, free: 1_000 } };
const log = { warn: () => {} } as never;

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** A throttle as one process holds it: its own store object on the shared table. */
const processOn = (db: Database, secret: Buffer, now = () => Date.now()) =>
  new SignInThrottle({ name: "console sign-in", counts: new PostgresFailureCounts(db.db, secret), now, rules: RULES });

describe("the sign-in throttle's counts in the database", () => {
  it("are one count across processes: failures on one make the other wait", async () => {
    database = await createTestDatabase();
    const secret = randomBytes(32);
    const [one, two] = [processOn(database, secret), processOn(database, secret)];
    for (const throttle of [one, two]) {
      const verdict = await throttle.attempt("192.0.2.7", log);
      expect(verdict.allowed).toBe(true);
    }
    expect(await two.attempt("192.0.2.7", log)).toMatchObject({ allowed: false, scope: "address" });
    expect(await one.attempt("192.0.2.7", log)).toMatchObject({ allowed: false, scope: "address" });
    // Another address is counted on its own.
    expect((await one.attempt("192.0.2.8", log)).allowed).toBe(true);
  });

  it("lets through no more tries than allowed when they arrive together at both processes", async () => {
    database = await createTestDatabase();
    const secret = randomBytes(32);
    const both = [processOn(database, secret), processOn(database, secret)];
    const verdicts = await Promise.all(Array.from({ length: 10 }, (_, i) => both[i % 2]!.attempt("198.51.100.4", log)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(RULE.free);
  });

  it("forgets an address that signs in, and stores no address, only keyed hashes", async () => {
    database = await createTestDatabase();
    const throttle = processOn(database, randomBytes(32));
    const first = await throttle.attempt("203.0.113.9", log);
    const right = await throttle.attempt("203.0.113.10", log);
    if (!first.allowed || !right.allowed) throw new Error("the first tries were refused");
    const rows = await database.db.select().from(signInFailures);
    expect(rows).toHaveLength(3); // two addresses and the overall count
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|console sign-in/);
    await throttle.succeeded(right);
    const left = (await database.db.select().from(signInFailures)).filter((r) => r.failures > 0);
    expect(left).toHaveLength(2);
    expect(left.map((r) => r.failures).sort()).toEqual([1, 1]); // the first address, and the overall count less one
  });

  it("prunes the counts no rule remembers", async () => {
    database = await createTestDatabase();
    const secret = randomBytes(32);
    const dayAgo = Date.now() - 25 * 3_600_000;
    await processOn(database, secret, () => dayAgo).attempt("192.0.2.50", log);
    await processOn(database, secret).attempt("192.0.2.51", log);
    expect(await database.db.select().from(signInFailures)).toHaveLength(3);
    expect(await new PostgresFailureCounts(database.db, secret).prune()).toBe(1);
    const kept = await database.db.select().from(signInFailures);
    expect(kept.map((r) => r.lastAt.getTime() > dayAgo + 3_600_000)).toEqual([true, true]);
  });
});

describe.skipIf(!postgresReachable)(`the sign-in counts under concurrent changes${unlessPostgres}`, () => {
  /**
   * Two changes queued, in order, behind a third connection's lock on every row of the table; answers both once
   * the lock is let go. What is queued first takes the row first.
   */
  async function queuedBehindALock<A, B>(url: string, name: string, first: () => Promise<A>, second: () => Promise<B>) {
    const holder = new pg.Client({ connectionString: url });
    // Asked outside the holder's transaction, which would see one snapshot of the activity throughout.
    const watcher = new pg.Client({ connectionString: url });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query("begin");
      await holder.query("select * from sign_in_failures for update");
      const waiting = async () =>
        (
          await watcher.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
            [name],
          )
        ).rows[0]?.n;
      const until = async (n: number) => {
        while ((await waiting()) !== n) await new Promise((r) => setTimeout(r, 10));
      };
      const a = first();
      await until(1);
      const b = second();
      await until(2);
      await holder.query("commit");
      return [await a, await b] as const;
    } finally {
      await holder.end().catch(() => {});
      await watcher.end().catch(() => {});
    }
  }

  async function sharedDatabase(run: (db: Database, url: string, name: string) => Promise<void>) {
    const fresh = await createPostgresDatabase(POSTGRES_URL);
    const shared = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
    try {
      await shared.migrate();
      await run(shared, fresh.url, fresh.name);
    } finally {
      await shared.close();
      await fresh.drop();
    }
  }

  const addOne = (current: FailureCount | undefined) => ({
    next: { failures: (current?.failures ?? 0) + 1, lastAt: Date.now() },
    result: current?.failures ?? 0,
  });
  const read = (current: FailureCount | undefined) => ({ next: current, result: current?.failures });

  it("loses no failure counted while another process forgets the same key", async () => {
    await sharedDatabase(async (db, url, name) => {
      const secret = randomBytes(32);
      const [one, two] = [new PostgresFailureCounts(db.db, secret), new PostgresFailureCounts(db.db, secret)];
      await one.change("k", () => ({ next: { failures: 1, lastAt: Date.now() }, result: undefined }));
      const [, seen] = await queuedBehindALock(
        url,
        name,
        () => one.change("k", () => ({ next: undefined, result: undefined })),
        () => two.change("k", addOne),
      );
      expect(seen).toBe(0); // it saw the count forgotten...
      expect(await one.change("k", read)).toBe(1); // ...and its own failure is kept
    });
  });

  it("reads the count every address shares without waiting on its row's lock", async () => {
    await sharedDatabase(async (db, url) => {
      const counts = new PostgresFailureCounts(db.db, randomBytes(32));
      const failure = { failures: 4, lastAt: Date.now() };
      await counts.change("*", () => ({ next: failure, result: undefined }));
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select * from sign_in_failures for update");
        // A lock-taking read would wait here until the holder ends; the guard only stops a hang.
        const hang = new Promise((resolve) => setTimeout(() => resolve("still waiting"), 10_000).unref());
        expect(await Promise.race([counts.peek("*"), hang])).toEqual(failure);
        expect(await counts.peek("never counted")).toBeUndefined();
      } finally {
        await holder.query("rollback").catch(() => {});
        await holder.end();
      }
      expect(await db.db.select().from(signInFailures)).toHaveLength(1); // a peek writes nothing
    });
  });

  it("loses no failure counted while the prune deletes the key's old row", async () => {
    await sharedDatabase(async (db, url, name) => {
      const counts = new PostgresFailureCounts(db.db, randomBytes(32));
      const twoDaysAgo = Date.now() - 48 * 3_600_000;
      await counts.change("k", () => ({ next: { failures: 3, lastAt: twoDaysAgo }, result: undefined }));
      const [pruned, seen] = await queuedBehindALock(
        url,
        name,
        () => counts.prune(),
        () => counts.change("k", addOne),
      );
      expect(pruned).toBe(1);
      expect(seen).toBe(0); // the old row was gone...
      expect(await counts.change("k", read)).toBe(1); // ...and the new failure is counted on a new one
    });
  });
});
