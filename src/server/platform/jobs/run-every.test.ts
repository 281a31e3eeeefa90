import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { markClosingFirst, runEvery } from "./run-every.ts";

describe("runEvery", () => {
  it("lets the pass under way finish before the server closes, and starts none after", async () => {
    const app = Fastify();
    const events: string[] = [];
    let release = () => {};
    let started = () => {};
    const began = new Promise<void>((resolve) => (started = resolve));
    runEvery(app, { name: "outbox", everyMs: 60_000, firstAfterMs: 0, onClose: () => events.push("closed") }, () => {
      events.push("pass started");
      started();
      return new Promise((resolve) => {
        release = () => {
          events.push("pass ended");
          resolve({});
        };
      });
    });
    await app.ready();
    await began;
    const closing = app.close();
    // The close waits on the pass: it ends only once the call in flight has been answered.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["pass started"]);
    release();
    await closing;
    expect(events).toEqual(["pass started", "pass ended", "closed"]);
  });

  it("tells the pass under way that the server is stopping, so it can end after its call in flight", async () => {
    const app = Fastify();
    const seen: boolean[] = [];
    let asked = () => {};
    const began = new Promise<void>((resolve) => (asked = resolve));
    let stopped = () => false;
    runEvery(app, { name: "outbox", everyMs: 60_000, firstAfterMs: 0 }, async (stopping) => {
      stopped = stopping;
      seen.push(stopping());
      asked();
      // A batch: one item at a time until told to stop.
      while (!stopping()) await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(stopping());
      return {};
    });
    await app.ready();
    await began;
    await app.close();
    expect(seen).toEqual([false, true]);
    expect(stopped()).toBe(true);
  });

  it("starts no pass once the server's close has begun, while other hooks still drain", async () => {
    const app = Fastify();
    markClosingFirst(app);
    let closeBegun = false;
    let drained = () => {};
    // What the auction plugin's drain is to the jobs: a hook before theirs that takes a while.
    app.addHook("preClose", async () => {
      closeBegun = true;
      await new Promise<void>((resolve) => (drained = resolve));
    });
    const started: boolean[] = [];
    let passes = 0;
    let ticked = () => {};
    await app.register(async (child) => {
      runEvery(child, { name: "outbox", everyMs: 5 }, async () => {
        started.push(closeBegun);
        passes++;
        ticked();
        return {};
      });
    });
    await app.ready();
    await new Promise<void>((resolve) => (ticked = resolve)); // the timer runs passes
    const closing = app.close();
    // Several of the timer's periods while the drain holds the close.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const during = passes;
    drained();
    await closing;
    expect(started.filter((afterClose) => afterClose)).toEqual([]);
    expect(passes).toBe(during);
  });
});
