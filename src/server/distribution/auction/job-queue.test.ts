import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { startJobQueue, type JobQueue } from "./job-queue.ts";

// The sweeper sends a pending auction's job again every few seconds while it waits (plugin.ts); under a
// backlog that must not pile up jobs for one lead (docs/decisions/0019-auction-fencing.md).

let database: Database;
let queue: JobQueue;

beforeEach(async () => {
  database = await createTestDatabase();
  queue = await startJobQueue(database, { retryLimit: 1, expireInSeconds: 60, onError: () => {} });
});

afterEach(async () => {
  await queue.stop();
  await database.close();
});

async function waiting(name: string) {
  const result = await database.db.execute(
    sql`select singleton_key as key, count(*)::int as jobs from pgboss.job where name = ${name} and state = 'created' group by singleton_key order by singleton_key`,
  );
  return (result as unknown as { rows: { key: string; jobs: number }[] }).rows;
}

describe("the job queue", () => {
  it("keeps one waiting job per key however often the same work is sent", async () => {
    for (let i = 0; i < 5; i++) {
      await queue.send("dedupe-test", { leadId: "a" }, "a");
      await queue.send("dedupe-test", { leadId: "b" }, "b");
    }
    expect(await waiting("dedupe-test")).toEqual([
      { key: "a", jobs: 1 },
      { key: "b", jobs: 1 },
    ]);
  });

  it("says it runs until stopped, and answers a queue's counts (readiness and /metrics read these)", async () => {
    expect(queue.running()).toBe(true);
    await queue.send("depth-test", { leadId: "a" }, "a");
    await queue.send("depth-test", { leadId: "b" }, "b");
    // pg-boss keeps its counts in the queue's row, refreshed by its own monitor, so only their shape is certain here.
    expect(await queue.depth("depth-test")).toEqual({ queued: expect.any(Number), active: expect.any(Number) });
    expect(await queue.depth("no-such-queue")).toEqual({ queued: 0, active: 0 });
    await queue.stop();
    expect(queue.running()).toBe(false);
  });
});
