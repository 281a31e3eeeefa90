import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { runEvery } from "./run-every.ts";

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
});
