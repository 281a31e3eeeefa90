import type { IncomingMessage } from "node:http";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startFakeHttpServer, type FakeHttpServer } from "../../intake/lookups/fake-http-server.testing.ts";
import { timeoutFiredByTest } from "../../platform/net/timeout-signal.testing.ts";
import { createBrevoClient } from "./brevo-client.ts";

const CONTACT = {
  email: "ada@example.com",
  attributes: { FIRSTNAME: "Ada", LASTNAME: "Lovelace", LOANREASON: "MEDICAL" },
  listIds: [47],
  updateEnabled: false,
};

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => resolve(JSON.parse(text)));
  });
}

describe("the Brevo adapter against a fake Brevo", () => {
  let brevo: FakeHttpServer;
  const bodies: unknown[] = [];
  beforeAll(async () => {
    brevo = await startFakeHttpServer();
  });
  afterAll(() => brevo.close());
  /** The timeout each call asked for, and the way to end the calls in flight as their timeout would. */
  let timedOut = timeoutFiredByTest();
  // No wall-clock timer: on a loaded machine one ran before an answer already received was read (marketing.test.ts).
  const client = () =>
    createBrevoClient({
      fetch: loopbackFetch(),
      apiKey: "key-123",
      baseUrl: `${brevo.url}/v3`,
      timeoutMs: 500,
      timeout: timedOut.signal,
    });

  it("creates the contact on its lists with the spec's fields and the key in its header", async () => {
    brevo.answer((request, response) => {
      void readBody(request).then((body) => {
        bodies.push(body);
        json(201, { id: 7 })(request, response);
      });
    });
    expect(await client().upsertContact(CONTACT)).toEqual({ ok: true });
    const request = brevo.requests.at(-1)!;
    expect(request.url).toBe("/v3/contacts");
    expect(request.headers["api-key"]).toBe("key-123");
    expect(bodies.at(-1)).toEqual({
      email: "ada@example.com",
      attributes: { FIRSTNAME: "Ada", LASTNAME: "Lovelace", LOANREASON: "MEDICAL" },
      listIds: [47],
      emailBlacklisted: false,
      smsBlacklisted: false,
      updateEnabled: false,
    });
  });

  it("takes a contact Brevo already has as done", async () => {
    brevo.answer(json(400, { code: "duplicate_parameter", message: "Contact already exist" }));
    expect(await client().upsertContact(CONTACT)).toEqual({ ok: true });
    brevo.answer((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    expect(await client().upsertContact({ ...CONTACT, updateEnabled: true })).toEqual({ ok: true });
  });

  it("asks to try again after an outage, a rate limit or a timeout, and gives up on a refused key", async () => {
    brevo.answer(json(503, "<html>down</html>"));
    expect(await client().upsertContact(CONTACT)).toEqual({ ok: false, retry: true, reason: "HTTP 503" });
    brevo.answer(json(429, { code: "too_many_requests" }));
    expect(await client().upsertContact(CONTACT)).toEqual({
      ok: false,
      retry: true,
      reason: "HTTP 429 too_many_requests",
    });
    // No answer comes; the call's timeout fires once Brevo has the request.
    timedOut = timeoutFiredByTest();
    brevo.answer(() => timedOut.fire());
    expect(await client().upsertContact(CONTACT)).toEqual({ ok: false, retry: true, reason: "timeout" });
    expect(timedOut.asked).toEqual([500]);
    brevo.answer(json(401, { code: "unauthorized", message: "Key not found" }));
    expect(await client().upsertContact(CONTACT)).toEqual({ ok: false, retry: false, reason: "HTTP 401 unauthorized" });
  });

  it("asks to try again when the connection is dropped", async () => {
    brevo.answer((request) => request.socket.destroy());
    expect(await client().upsertContact(CONTACT)).toEqual({ ok: false, retry: true, reason: "network error" });
  });
  it("deletes a contact by e-mail, taking 404 (nothing there) as done and retrying an outage", async () => {
    const seen: string[] = [];
    let status = 204;
    brevo.answer((request, response) => {
      seen.push(`${request.method} ${request.url} ${request.headers["api-key"]}`);
      json(status, status === 204 ? "" : { code: "document_not_found" })(request, response);
    });
    expect(await client().deleteContact("ada+x@example.com")).toEqual({ ok: true });
    expect(seen).toEqual(["DELETE /v3/contacts/ada%2Bx%40example.com?identifierType=email_id key-123"]);
    status = 404;
    expect(await client().deleteContact("ada@example.com")).toEqual({ ok: true });
    status = 503;
    expect(await client().deleteContact("ada@example.com")).toMatchObject({ ok: false, retry: true });
    status = 401;
    expect(await client().deleteContact("ada@example.com")).toMatchObject({ ok: false, retry: false });
  });
});
