import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cutDatabase } from "../../../../tests/helpers/test-database.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { shippedMigrations } from "../db/migrations-applied.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close().catch(() => {});
  t = undefined;
});

// A test app's start (PGlite loading) can hold the event loop past a second, which the pressure check would
// rightly see; the tests about other checks leave the event loop out.
const CALM = { READY_MAX_EVENT_LOOP_DELAY_MS: "0" };

type Ready = { status: number; message: string; data: { checks: Record<string, string> } };
const ready = async (app: TestApp["app"]) => {
  const res = await app.inject({ method: "GET", url: "/api/ready" });
  return { code: res.statusCode, body: res.json<Ready>(), headers: res.headers };
};

describe("GET /api/health (liveness)", () => {
  it("answers 200 while the process runs, uncached", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("reads nothing: a database outage does not get the process restarted", async () => {
    t = await createTestApp();
    await cutDatabase(t.database);
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});

describe("GET /api/ready (readiness)", () => {
  it("answers 200 with every check passed: database, migrations, queue, pressure, not stopping", async () => {
    t = await createTestApp(CALM);
    const { code, body, headers } = await ready(t.app);
    expect(code).toBe(200);
    expect(body).toEqual({
      status: 200,
      message: "ready",
      data: { checks: { database: "ok", migrations: "ok", pressure: "ok", queue: "ok", stopping: "ok" } },
    });
    expect(headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 naming the database when it does not answer", async () => {
    t = await createTestApp(CALM);
    await cutDatabase(t.database);
    const { code, body } = await ready(t.app);
    expect(code).toBe(503);
    expect(body.message).toMatch(/^not ready: database/);
    expect(body.data.checks.database).toBe("does not answer");
  });

  it("answers 503 naming the first migration the database lacks", async () => {
    t = await createTestApp(CALM);
    const last = shippedMigrations().at(-1)!;
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);
    const { code, body } = await ready(t.app);
    expect(code).toBe(503);
    expect(body.message).toBe("not ready: migrations");
    expect(body.data.checks.migrations).toBe(`not applied: ${last.tag}`);
  });

  it("answers 503 naming a check that fails, such as the job queue's", async () => {
    t = await createTestApp(CALM);
    t.app.addReadinessCheck("queue", () => "the job queue is stopped");
    const { code, body } = await ready(t.app);
    expect(code).toBe(503);
    expect(body.message).toBe("not ready: queue");
    expect(body.data.checks).toMatchObject({ database: "ok", queue: "the job queue is stopped" });
  });

  it("answers 503 naming a check that throws, by the error's type only", async () => {
    t = await createTestApp(CALM);
    t.app.addReadinessCheck("queue", () => {
      throw new TypeError("connection to jo@example.com refused");
    });
    const { code, body } = await ready(t.app);
    expect(code).toBe(503);
    expect(body.data.checks.queue).toBe("failed (TypeError)");
  });

  it("answers 503 under pressure (heap over READY_MAX_HEAP_MB), while the site's routes still answer", async () => {
    t = await createTestApp({ ...CALM, READY_MAX_HEAP_MB: "1" });
    const { code, body } = await ready(t.app);
    expect(code).toBe(503);
    expect(body.message).toBe("not ready: pressure");
    expect(body.data.checks.pressure).toMatch(/^heap used \d+ MB over 1 MB$/);
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/your-ip" })).statusCode).toBe(200);
  });

  it("answers 503 under pressure when the event loop was held up past READY_MAX_EVENT_LOOP_DELAY_MS", async () => {
    t = await createTestApp({ READY_MAX_EVENT_LOOP_DELAY_MS: "1" });
    const app = t.app;
    // Hold the loop for 1.5 s: the next second's mean delay is far above 1 ms, however fast the machine.
    const until = Date.now() + 1_500;
    while (Date.now() < until);
    await vi.waitFor(async () => expect((await ready(app)).code).toBe(503), { timeout: 10_000, interval: 100 });
    const { body } = await ready(app);
    expect(body.data.checks.pressure).toMatch(/^event loop delay (\d+|Infinity) ms over 1 ms$/);
  });
});
