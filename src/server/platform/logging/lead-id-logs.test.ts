import { PassThrough } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { bindLeadIdToLogs } from "./lead-id-logs.ts";

/** A bare app with the hook, whose routes each log one line, and the lines it wrote. */
async function appWithLines() {
  const stream = new PassThrough();
  const lines: { msg: string; lead_id?: string }[] = [];
  stream.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
  });
  const app = Fastify({ logger: { level: "info", stream } });
  bindLeadIdToLogs(app);
  const handler = async (request: { log: { info(msg: string): void } }) => {
    request.log.info("handled");
    return { ok: true };
  };
  for (const url of ["/api/console/leads/:id", "/api/personal_loan/lead/v2/:id/step", "/api/console/publishers/:id"]) {
    app.get(url, handler);
  }
  app.post("/api/send", handler);
  app.get("/api/ping", handler);
  await app.ready();
  return { app, handled: () => lines.filter((l) => l.msg === "handled") };
}

describe("lead_id on a request's lines", () => {
  it("comes from a lead route's :id, a body's lead_id or a query's lead_id, and from nothing else", async () => {
    const { app, handled } = await appWithLines();
    await app.inject({ method: "GET", url: "/api/console/leads/L-1" });
    await app.inject({ method: "GET", url: "/api/personal_loan/lead/v2/L-2/step" });
    await app.inject({ method: "POST", url: "/api/send", payload: { lead_id: "L-3" } });
    await app.inject({ method: "GET", url: "/api/ping?lead_id=L-4" });
    await app.inject({ method: "GET", url: "/api/console/publishers/P-1" });
    await app.inject({ method: "POST", url: "/api/send", payload: { lead_id: 7 } });
    expect(handled().map((l) => l.lead_id)).toEqual(["L-1", "L-2", "L-3", "L-4", undefined, undefined]);
    await app.close();
  });
});
