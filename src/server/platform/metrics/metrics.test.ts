import { afterEach, describe, expect, it } from "vitest";
import { cutDatabase } from "../../../../tests/helpers/test-database.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { sampleOf } from "../../../../tests/helpers/prometheus-text.ts";
import { mailOutbox, privacyRequests, publisherPostbacks } from "../db/schema.ts";
import { carriesToken } from "./bearer-token.ts";
import { registerPoolGauges } from "./pool-gauges.ts";
import { startMetricsServer, type MetricsServer } from "./metrics-server.ts";

const TOKEN = "a-metrics-token-of-the-tests-5f0c2e9a";

let t: TestApp | undefined;
let server: MetricsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await t?.app.close().catch(() => {});
  t = undefined;
});

const scrape = (app: TestApp["app"], authorization?: string) =>
  app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

describe("GET /metrics on the site's port", () => {
  it("answers 404, as if it did not exist, without METRICS_TOKEN", async () => {
    t = await createTestApp();
    const res = await scrape(t.app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: "Not found" });
  });

  it("asks for the token with 401, and answers the metrics to it", async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, TOKEN]) {
      const refused = await scrape(t.app, authorization);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(refused.body).not.toContain("loanpath_");
    }
    const res = await scrape(t.app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("# TYPE loanpath_http_request_duration_seconds histogram");
  });

  it("refuses a METRICS_TOKEN too short to be a secret", async () => {
    await expect(createTestApp({ METRICS_TOKEN: "short" })).rejects.toThrow(/METRICS_TOKEN: must be at least 24/);
  });

  it("reads the outboxes' backlog and failures and the overdue privacy requests from the database", async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const db = t.database.db;
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db.insert(mailOutbox).values([
      { purpose: "reminder", subject: "s", status: "pending", nextAttemptAt: hourAgo, attempts: 2 },
      { purpose: "reminder", subject: "s", status: "pending", nextAttemptAt: new Date(Date.now() + 60_000) },
      { purpose: "reminder", subject: "s", status: "failed" },
      { purpose: "reminder", subject: "s", status: "sent" },
    ]);
    await db.insert(publisherPostbacks).values([
      { publisherId: "pub", leadId: "l1", event: "sold", url: "https://pub.example/pb", status: "failed" },
      { publisherId: "pub", leadId: "l2", event: "sold", url: "https://pub.example/pb", status: "failed" },
    ]);
    await db.insert(privacyRequests).values([
      { id: "PR-1", kind: "delete", dedupeKey: "a", payload: {}, status: "open", dueAt: hourAgo },
      { id: "PR-2", kind: "delete", dedupeKey: "b", payload: {}, status: "completed", dueAt: hourAgo },
      {
        id: "PR-3",
        kind: "delete",
        dedupeKey: "c",
        payload: {},
        status: "open",
        dueAt: new Date(Date.now() + 86_400_000),
      },
    ]);
    const text = (await scrape(t.app, `Bearer ${TOKEN}`)).body;
    const entries = (outbox: string, state: string) => sampleOf(text, "loanpath_outbox_entries", { outbox, state });
    expect(entries("mail", "pending")).toBe(2);
    expect(entries("mail", "retrying")).toBe(1);
    expect(entries("mail", "failed")).toBe(1);
    expect(entries("postback", "failed")).toBe(2);
    expect(entries("postback", "pending")).toBe(0);
    expect(entries("marketing", "pending")).toBe(0);
    const overdue = sampleOf(text, "loanpath_outbox_oldest_due_seconds", { outbox: "mail" })!;
    expect(overdue).toBeGreaterThanOrEqual(3_600);
    expect(overdue).toBeLessThan(3_600 + 600);
    expect(sampleOf(text, "loanpath_privacy_requests_overdue")).toBe(1);
  });

  it("still answers the process's metrics when the database does not, and says its figures are missing", async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    await cutDatabase(t.database);
    const res = await scrape(t.app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(sampleOf(res.body, "loanpath_database_read_ok")).toBe(0);
    expect(sampleOf(res.body, "loanpath_auctions_pending")).toBeNaN();
    expect(sampleOf(res.body, "loanpath_outbox_entries", { outbox: "mail" })).toBeUndefined();
    expect(sampleOf(res.body, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});

describe("metrics on their own port (METRICS_PORT)", () => {
  it("serves GET /metrics alone, on the host given, with the token when one is set", async () => {
    t = await createTestApp();
    server = await startMetricsServer(t.app.metrics, { host: "127.0.0.1", port: 0, token: TOKEN });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await fetch(server.url)).status).toBe(401);
    const res = await fetch(server.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("nodejs_eventloop_lag_seconds");
    expect((await fetch(server.url.replace("/metrics", "/api/health"))).status).toBe(404);
  });

  it("asks for nothing without a token: loopback is its protection", async () => {
    t = await createTestApp();
    server = await startMetricsServer(t.app.metrics, { host: "127.0.0.1", port: 0, token: undefined });
    expect((await fetch(server.url)).status).toBe(200);
  });
});

describe("the PostgreSQL pool's gauges", () => {
  it("read the pool's counts at each scrape", async () => {
    const { Registry } = await import("prom-client");
    const registry = new Registry();
    const pool = { totalCount: 3, idleCount: 1, waitingCount: 0, options: { max: 8 } };
    registerPoolGauges(registry, pool);
    const first = await registry.metrics();
    expect(sampleOf(first, "loanpath_db_pool_connections", { state: "busy" })).toBe(2);
    expect(sampleOf(first, "loanpath_db_pool_connections", { state: "idle" })).toBe(1);
    expect(sampleOf(first, "loanpath_db_pool_connections", { state: "waiting" })).toBe(0);
    expect(sampleOf(first, "loanpath_db_pool_max_connections")).toBe(8);
    Object.assign(pool, { totalCount: 8, idleCount: 0, waitingCount: 5 });
    const later = await registry.metrics();
    expect(sampleOf(later, "loanpath_db_pool_connections", { state: "busy" })).toBe(8);
    expect(sampleOf(later, "loanpath_db_pool_connections", { state: "waiting" })).toBe(5);
  });

  it("are not there on the embedded database, which has no pool", async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const res = await scrape(t.app, `Bearer ${TOKEN}`);
    expect(res.body.includes("loanpath_db_pool_connections")).toBe(t.database.pool !== undefined);
  });
});

describe("carriesToken", () => {
  it("takes the bearer token alone, in any case of the scheme", () => {
    expect(carriesToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(carriesToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(carriesToken(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(carriesToken(`Bearer`, TOKEN)).toBe(false);
    expect(carriesToken(undefined, TOKEN)).toBe(false);
  });
});
