import { PassThrough } from "node:stream";
import pino, { type Logger } from "pino";
import { describe, expect, it, vi } from "vitest";
import { lazyRequestLogger } from "./lazy-child-logger.ts";
import { loggerOptions } from "./logger.ts";

function root(level: "info" | "debug") {
  const stream = new PassThrough();
  let out = "";
  stream.on("data", (c: Buffer) => (out += c.toString()));
  const log = pino(loggerOptions({ logLevel: level, env: "test" }), stream);
  const lines = async () => {
    await new Promise((r) => setImmediate(r));
    return out
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  };
  return { log, lines };
}

const requestLogger = (log: Logger, bindings: Record<string, unknown>, options = {}) =>
  lazyRequestLogger.call(undefined as never, log, bindings, options, undefined as never) as unknown as Logger;

describe("a request's lazy child logger", () => {
  it("makes no pino child for lines its level leaves out", async () => {
    const { log, lines } = root("info");
    const child = vi.spyOn(log, "child");
    const request = requestLogger(log, { reqId: "req-1" }).child({ lead_id: "lead-1" });
    request.debug({ step: 8 }, "request completed");
    request.trace("nothing");
    expect(child).not.toHaveBeenCalled();
    expect(await lines()).toEqual([]);
  });

  it("writes a line with every binding of its chain, redacted like the root's", async () => {
    const { log, lines } = root("info");
    const request = requestLogger(log, { reqId: "req-2" }).child({ lead_id: "lead-2" });
    request.warn({ body: { email: "jo@example.com" } }, "odd answer");
    request.info("again");
    const written = await lines();
    expect(written).toEqual([
      expect.objectContaining({ reqId: "req-2", lead_id: "lead-2", msg: "odd answer", body: { email: "[redacted]" } }),
      expect.objectContaining({ reqId: "req-2", lead_id: "lead-2", msg: "again" }),
    ]);
    expect(request.bindings()).toEqual({ reqId: "req-2", lead_id: "lead-2" });
  });

  it("follows its parent's level until it has a level of its own", async () => {
    const { log, lines } = root("info");
    const request = requestLogger(log, { reqId: "req-3" });
    expect(request.isLevelEnabled("debug")).toBe(false);
    log.level = "debug";
    expect(request.level).toBe("debug");
    request.debug("now written");
    request.level = "error";
    request.warn("not written");
    expect((await lines()).map((l) => l.msg)).toEqual(["now written"]);
    expect(log.level).toBe("debug");
  });

  it("is made at once when the route gives options (its own level)", () => {
    const { log } = root("info");
    const child = vi.spyOn(log, "child");
    const request = requestLogger(log, { reqId: "req-4" }, { level: "debug" });
    expect(child).toHaveBeenCalledTimes(1);
    expect(request.isLevelEnabled("debug")).toBe(true);
  });
});
