import { PgBoss, fromPglite } from "pg-boss";
import type { Database } from "../../platform/db/database.ts";

// The durable job queue (docs/decisions/0018-lender-auction.md): pg-boss in the application's own
// database, in-process on PGlite or over its own small pool on PostgreSQL, so queued work survives a
// restart and several server processes share one queue.

export type JobQueue = {
  /**
   * Queues a job unless one with the same key is already waiting: queues use pg-boss's `short` policy
   * (one queued job per singleton key, any number running), so a sweeper that sends the same work again
   * and again piles nothing up (docs/decisions/0019-auction-fencing.md).
   */
  send(queue: string, data: object, key: string): Promise<void>;
  work(queue: string, concurrency: number, handler: (data: unknown) => Promise<void>): Promise<void>;
  /** This process's workers take no more jobs of the queue; those running go on, and sending still works. */
  stopTaking(queue: string): Promise<void>;
  stop(): Promise<void>;
  /** Whether the queue is started and not stopped (readiness asks; docs/operations-watch.md). */
  running(): boolean;
  /** The queue's jobs waiting (queued) and being run (active), as pg-boss counts them. */
  depth(queue: string): Promise<{ queued: number; active: number }>;
};

/**
 * How often each worker asks for a job it was not woken for. A send wakes this process's workers at once (below), so
 * the poll only finds what another process queued (a lease handed back at its stop) or pg-boss retries. At 0.5 s,
 * eight auction pollers made 16 statements a second on an idle server, most of its idle CPU (0038).
 */
const POLL_SECONDS = 2;

export async function startJobQueue(
  database: Database,
  options: {
    retryLimit: number;
    expireInSeconds: number;
    onError: (error: Error) => void;
    /** Its own pool's size on PostgreSQL (QUEUE_POOL_SIZE). */
    poolSize?: number;
  },
): Promise<JobQueue> {
  // At the session address (docs/operations.md): pg-boss's own pool, apart from the process's.
  const boss =
    database.pglite !== undefined
      ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite" } as ConstructorParameters<typeof PgBoss>[0])
      : new PgBoss({
          connectionString: database.sessionUrl,
          max: options.poolSize ?? 3,
          application_name: "loanpath-queue",
        });
  boss.on("error", options.onError);
  let running = false;
  boss.on("stopped", () => (running = false));
  await boss.start();
  running = true;
  const workers = new Map<string, string[]>();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    // pg-boss keeps a queue's policy from its creation (createQueue on an existing name does nothing and
    // updateQueue refuses a policy), so a queue that needs another policy needs a new name.
    await boss.createQueue(name, {
      policy: "short",
      retryLimit: options.retryLimit,
      expireInSeconds: options.expireInSeconds,
    });
    created.add(name);
  };

  return {
    async send(queue, data, key) {
      await ensureQueue(queue);
      await boss.send(queue, data, { singletonKey: key });
      // Wake this process's workers at once instead of waiting for the next poll.
      for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
    },
    async work(queue, concurrency, handler) {
      await ensureQueue(queue);
      const ids: string[] = [];
      // Several single-job workers, so one slow auction does not hold up the next.
      for (let i = 0; i < concurrency; i++) {
        ids.push(
          await boss.work(queue, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async (jobs) => {
            for (const job of jobs) await handler(job.data);
          }),
        );
      }
      workers.set(queue, ids);
    },
    running: () => running,
    async depth(queue) {
      const found = await boss.getQueue(queue);
      return { queued: found?.queuedCount ?? 0, active: found?.activeCount ?? 0 };
    },
    async stopTaking(queue) {
      workers.delete(queue);
      await boss.offWork(queue, { wait: false });
    },
    async stop() {
      running = false;
      // Running auctions get a moment to finish; whatever is left is resumed by the next start.
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
