import type { Claim } from "./auction-store.ts";

// Where this process's auctions run (docs/decisions/0038-auction-cost.md): the process that receives a send
// starts the auction at once, in a free slot, instead of queuing it and waiting for a worker to poll for it;
// the durable queue is the fallback, for a send that finds every slot taken, for a run that fails, and for the
// sweeper's orphans. Both ways share one count of slots (AUCTION_WORKERS): an auction mostly waits on its
// buyers' network answers, so slots are cheap and sized for waiting, not for cores.

type AuctionRunner = {
  /**
   * After a send: runs the auction now when a slot is free, else (or once closing) hands it to the queue. An
   * auction created under a claim of this process runs under it; queued instead, its lease is given back first,
   * so a queue worker can take it at once.
   */
  start(leadId: string, claim?: Claim): Promise<void>;
  /** A queue worker's job: waits for a slot, then runs. */
  runQueued(leadId: string): Promise<void>;
  /** Starts nothing more at once (a send goes to the queue); waits up to `timeoutMs` for the runs here to end. */
  close(timeoutMs: number): Promise<void>;
  /** How many auctions run here now, started at once or taken from the queue. */
  running(): number;
  /** Resolves once no auction runs here (a stop's last wait: the runs left hand their leases back). */
  idle(): Promise<void>;
};

export function createAuctionRunner(options: {
  slots: number;
  run: (leadId: string, claim?: Claim) => Promise<void>;
  enqueue: (leadId: string) => Promise<void>;
  /** Gives a claim's lease back (releaseLease). */
  release: (claim: Claim) => Promise<unknown>;
  /** About one auction: the line names its lead (lead_id). */
  warn: (message: string, leadId: string) => void;
}): AuctionRunner {
  const { slots, run, enqueue, release: releaseClaim, warn } = options;
  let busy = 0;
  let closing = false;
  const waiting: (() => void)[] = [];
  // Every run here, started at once or from the queue: a stop waits for them all.
  const runs = new Set<Promise<void>>();
  const track = (run: Promise<void>) => {
    runs.add(run);
    void run.finally(() => runs.delete(run)).catch(() => {});
  };

  const release = () => {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight to a waiting queue job
    else busy--;
  };

  return {
    async start(leadId, claim) {
      if (closing || busy >= slots) {
        if (claim) await releaseClaim(claim);
        return enqueue(leadId);
      }
      busy++;
      // The auction is already stored (pending): if this run fails, or the process dies, nothing is lost. The
      // queue retries a failure; the sweeper re-queues an auction whose lease ran out or was never taken.
      const running: Promise<void> = run(leadId, claim)
        .catch(async (error: unknown) => {
          warn(`auction run failed (${(error as Error).name}); queued for a retry`, leadId);
          await enqueue(leadId).catch(() => warn("auction retry not queued; the sweeper will resume it", leadId));
        })
        .finally(release);
      track(running);
    },
    async runQueued(leadId) {
      if (busy < slots) busy++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      // A failure goes back to the queue, which retries it; said here, with its lead, as a run started at once is.
      const running = run(leadId)
        .catch((error: unknown) => {
          warn(`queued auction run failed (${(error as Error).name}); the queue retries it`, leadId);
          throw error;
        })
        .finally(release);
      track(running);
      await running;
    },
    async close(timeoutMs) {
      closing = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...runs]),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
    running: () => runs.size,
    async idle() {
      while (runs.size > 0) await Promise.allSettled([...runs]);
    },
  };
}
