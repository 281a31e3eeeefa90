import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";

describe("GET /api/health", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close().catch(() => {});
  });

  it("answers 200 once the database answers", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: "ok", data: { database: t.database.driver } });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 when the database does not", async () => {
    t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, message: "database unavailable" });
  });
});
