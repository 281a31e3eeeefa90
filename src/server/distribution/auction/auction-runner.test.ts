import { describe, expect, it } from "vitest";
import { createAuctionRunner } from "./auction-runner.ts";
import type { AuctionRow, Claim } from "./auction-store.ts";

// The slots an auction runs in (docs/decisions/0038-auction-cost.md): a send starts its auction at once while a
// slot is free and hands it to the queue otherwise; queue jobs wait for a slot; a failed run goes to the queue.

/** A run that ends when the test says so, recording which leads ran. */
function controlledRuns() {
  const ran: string[] = [];
  const finish = new Map<string, (error?: Error) => void>();
  const run = (leadId: string) =>
    new Promise<void>((resolve, reject) => {
      ran.push(leadId);
      finish.set(leadId, (error) => (error ? reject(error) : resolve()));
    });
  return { ran, run, end: (leadId: string, error?: Error) => finish.get(leadId)!(error) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the auction runner", () => {
  it("starts sends at once up to its slots, queues the rest, and lets a queued job run when a slot frees", async () => {
    const runs = controlledRuns();
    const queued: string[] = [];
    const runner = createAuctionRunner({
      slots: 2,
      run: runs.run,
      enqueue: async (leadId) => void queued.push(leadId),
      release: async () => {},
      warn: () => {},
    });
    await runner.start("a");
    await runner.start("b");
    await runner.start("c");
    expect(runs.ran).toEqual(["a", "b"]);
    expect(queued).toEqual(["c"]);

    const job = runner.runQueued("c");
    await tick();
    expect(runs.ran).toEqual(["a", "b"]); // no slot yet
    runs.end("a");
    await tick();
    expect(runs.ran).toEqual(["a", "b", "c"]);
    runs.end("b");
    runs.end("c");
    await job;
  });

  it("queues a run that fails, for the queue's retries, and warns with its lead but without the error's text", async () => {
    const runs = controlledRuns();
    const queued: string[] = [];
    const warnings: [string, string][] = [];
    const runner = createAuctionRunner({
      slots: 4,
      run: runs.run,
      enqueue: async (leadId) => void queued.push(leadId),
      release: async () => {},
      warn: (message, leadId) => warnings.push([message, leadId]),
    });
    await runner.start("lead-1");
    runs.end("lead-1", new Error("ana@example.com"));
    await runner.close(1_000);
    expect(queued).toEqual(["lead-1"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![1]).toBe("lead-1");
    expect(warnings[0]![0]).not.toContain("ana@example.com");
  });

  it("a queued run that fails says so with its lead, and fails its job so the queue retries it", async () => {
    const runs = controlledRuns();
    const warnings: [string, string][] = [];
    const runner = createAuctionRunner({
      slots: 4,
      run: runs.run,
      enqueue: async () => {},
      release: async () => {},
      warn: (message, leadId) => warnings.push([message, leadId]),
    });
    const job = runner.runQueued("lead-2");
    runs.end("lead-2", new Error("ana@example.com"));
    await expect(job).rejects.toThrow();
    expect(warnings).toEqual([[expect.stringContaining("the queue retries it"), "lead-2"]]);
    expect(warnings[0]![0]).not.toContain("ana@example.com");
    expect(runner.running()).toBe(0);
  });

  it("once closing, starts nothing more at once and waits for the runs it started", async () => {
    const runs = controlledRuns();
    const queued: string[] = [];
    const runner = createAuctionRunner({
      slots: 4,
      run: runs.run,
      enqueue: async (leadId) => void queued.push(leadId),
      release: async () => {},
      warn: () => {},
    });
    await runner.start("a");
    let closed = false;
    const closing = runner.close(10_000).then(() => (closed = true));
    await runner.start("b");
    expect(runs.ran).toEqual(["a"]);
    expect(queued).toEqual(["b"]);
    await tick();
    expect(closed).toBe(false);
    runs.end("a");
    await closing;
    expect(closed).toBe(true);
  });

  it("runs a send under the claim it was created with, and gives that claim back before queueing it", async () => {
    const runs: { leadId: string; token: string | undefined }[] = [];
    const events: string[] = [];
    const runner = createAuctionRunner({
      slots: 1,
      run: (leadId, claim) => {
        runs.push({ leadId, token: claim?.token });
        return new Promise<void>(() => {}); // still running: its slot stays taken
      },
      enqueue: async (leadId) => void events.push(`queued ${leadId}`),
      release: async (claim) => void events.push(`released ${claim.token}`),
      warn: () => {},
    });
    const claimOf = (leadId: string): Claim => ({ auction: { leadId } as AuctionRow, token: `t-${leadId}` });
    await runner.start("a", claimOf("a"));
    await runner.start("b", claimOf("b"));
    expect(runs).toEqual([{ leadId: "a", token: "t-a" }]);
    // Queued with its lease held, it would wait for the lease to run out before any worker could claim it.
    expect(events).toEqual(["released t-b", "queued b"]);
  });
});
