import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";

type Line = { level: number; msg: string; req?: { method: string; url: string }; res?: { statusCode: number } };
const linesOf = (logs: string): Line[] =>
  logs
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

const DEBUG = 20;

/** A fresh app at this log level for each test of the block. */
function appAt(level: string) {
  const bed = { t: undefined as unknown as TestApp };
  beforeEach(async () => {
    bed.t = await createTestApp({ LOG_LEVEL: level });
  });
  afterEach(async () => {
    await bed.t.app.close();
  });
  return bed;
}

describe("request lines at the debug level", () => {
  const bed = appAt("debug");

  it("writes one line per request, at debug: method, path, status and time", async () => {
    const before = linesOf(bed.t.logs()).length;
    await bed.t.app.inject({ method: "GET", url: "/api/health" });
    await bed.t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    const lines = linesOf(bed.t.logs()).slice(before);
    expect(lines.map((l) => [l.level, l.msg, l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      [DEBUG, "request completed", "GET", "/api/health", 200],
      [DEBUG, "request completed", "GET", "/api/no-such-thing", 404],
    ]);
    expect(lines[0]).toHaveProperty("responseTime");
  });
});

describe("request lines at the info level", () => {
  const bed = appAt("info");

  it("writes nothing for a request", async () => {
    const before = bed.t.logs().length;
    await bed.t.app.inject({ method: "GET", url: "/api/health" });
    expect(bed.t.logs().slice(before)).toBe("");
  });
});
