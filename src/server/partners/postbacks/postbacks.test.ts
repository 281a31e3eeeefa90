import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomSecrets } from "../../../../tests/helpers/test-app.ts";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { PublisherSettings } from "../../../domain/partners/publisher.ts";
import type { Database } from "../../platform/db/database.ts";
import { publisherPostbacks } from "../../platform/db/schema.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { createPublisher, updatePublisher } from "../publishers/publisher-store.ts";
import type { PostbackEvent } from "./postback-events.ts";
import { queuePostback } from "./postback-outbox.ts";
import { sendDuePostbacks } from "./postback-worker.ts";
import { loopbackFakesAllowed } from "../../platform/net/outbound-guard.testing.ts";
import { neverTimesOut, stall, timeoutFiredByTest } from "../../platform/net/timeout-signal.testing.ts";

type Seen = { url: string; timestamp: string; signature: string };

/** A publisher's postback server on loopback: records each request, answers with `answer` (or never). */
async function fakePublisher(answer: (req: IncomingMessage, res: ServerResponse) => void, port = 0) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({
      url: req.url ?? "",
      timestamp: String(req.headers["x-loanpath-timestamp"]),
      signature: String(req.headers["x-loanpath-signature"]),
    });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  servers.push(server);
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { seen, port: (server.address() as AddressInfo).port, close };
}
const servers: Server[] = [];

const acme = (port: number): PublisherSettings => ({
  id: "acme",
  name: "Acme Media",
  aff_id: "A100",
  payout_kind: "per_sold",
  payout_amount: 700,
  hold_days: 30,
  postback_url: `http://127.0.0.1:${port}/pb?cid={clickid}&lead={lead_id}&e={event}&p={payout}&s1={sub1}&s2={sub2}&a={aff_id}`,
  enabled: true,
});

const event = (over: Partial<PostbackEvent> = {}): PostbackEvent => ({
  publisherId: "acme",
  leadId: "ld_1",
  event: "sold",
  payoutCents: 700,
  attribution: { clickid: "c-42", aff_sub1: "spring sale", aff_sub2: "a&b=c", aff_id: "A100" },
  ...over,
});

describe("the postback outbox", () => {
  let database: Database;
  const cipher = new PiiCipher(randomSecrets().piiKeyring);
  const outbound = loopbackFakesAllowed();
  // No wall-clock timeout but in the timeout's own test: after a stall, a due timer runs before an answer that
  // came is read (docs/decisions/0046-tests-under-load.md).
  const base = () => ({ db: database.db, cipher, outbound, timeout: neverTimesOut });
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
    await database.db.delete(publisherPostbacks);
  });

  const queue = (e: PostbackEvent) => database.db.transaction((tx) => queuePostback(tx, e));
  const rows = () => database.db.select().from(publisherPostbacks).orderBy(publisherPostbacks.id);

  it("fills the macros, URL-encoded, and signs the call with the publisher's secret", async () => {
    const server = await fakePublisher((_req, res) => res.end("OK thanks"));
    const made = (await createPublisher(database.db, cipher, acme(server.port)))!;
    await queue(event());
    await queue(event()); // the same event again is queued once
    expect(await rows()).toHaveLength(1);

    expect(await sendDuePostbacks(base())).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(server.seen).toHaveLength(1);
    const { url, timestamp, signature } = server.seen[0]!;
    expect(url).toBe("/pb?cid=c-42&lead=ld_1&e=sold&p=7.00&s1=spring%20sale&s2=a%26b%3Dc&a=A100");
    const full = `http://127.0.0.1:${server.port}${url}`;
    const expected = createHmac("sha256", made.postbackSecret).update(`${timestamp}.${full}`).digest("hex");
    expect(signature).toBe(`v1=${expected}`);
    expect(signature).not.toBe(
      `v1=${createHmac("sha256", "another secret").update(`${timestamp}.${full}`).digest("hex")}`,
    );

    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, answerStatus: 200, answerBody: "OK thanks" });
    expect(row!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(await sendDuePostbacks(base())).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(server.seen).toHaveLength(1);
  });

  it("puts no personal data in the address, whatever the attribution holds", async () => {
    const server = await fakePublisher((_req, res) => res.end());
    await updatePublisher(database.db, acme(server.port));
    await queue(
      event({
        event: "completed",
        payoutCents: null,
        attribution: { clickid: "c-1", email: "jane@example.com", phone: "5551234567", first_name: "Jane" },
      }),
    );
    const [row] = await rows();
    expect(row!.url).toContain("p=0.00");
    for (const personal of ["jane", "5551234567", "Jane"]) expect(row!.url).not.toContain(personal);
  });

  it("queues nothing for a disabled publisher or one without an address", async () => {
    await updatePublisher(database.db, { ...acme(1), enabled: false });
    await queue(event());
    await updatePublisher(database.db, { ...acme(1), postback_url: null });
    await queue(event());
    expect(await rows()).toHaveLength(0);
  });

  it("a publisher down, then up, gets the event exactly once; concurrent passes never send it twice", async () => {
    const first = await fakePublisher((_req, res) => res.end());
    const port = first.port;
    await updatePublisher(database.db, acme(port));
    await first.close(); // down: the connection is refused
    await queue(event({ event: "returned", payoutCents: -700 }));
    const worker = base();
    const t0 = new Date();
    expect(await sendDuePostbacks(worker, t0)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, answerStatus: null });
    expect(waiting!.lastError).toMatch(/network error/);
    expect(waiting!.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);
    // Not due yet: nothing is tried.
    expect(await sendDuePostbacks(worker, new Date(t0.getTime() + 29_000))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });

    const up = await fakePublisher((_req, res) => setTimeout(() => res.end("ok"), 50), port);
    const later = new Date(t0.getTime() + 31_000);
    const reports = await Promise.all([sendDuePostbacks(worker, later), sendDuePostbacks(worker, later)]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(await sendDuePostbacks(worker, new Date(t0.getTime() + 3_600_000))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(up.seen).toHaveLength(1);
    expect(up.seen[0]!.url).toContain("e=returned&p=-7.00");
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2, answerStatus: 200 });
  });

  it("a hanging publisher times out and is retried; a non-2xx is retried until the attempts run out", async () => {
    let hang = true;
    const timedOut = timeoutFiredByTest();
    const server = await fakePublisher((_req, res) => {
      // A hanging publisher: the call's timeout fires once the publisher has the request.
      if (hang) return timedOut.fire();
      res.writeHead(503).end("busy");
      // The process is then not run for longer than the timeout, as on a loaded machine: the answer still counts.
      stall(250);
    });
    await updatePublisher(database.db, acme(server.port));
    await queue(event());
    const worker = { ...base(), timeoutMs: 200, timeout: timedOut.signal, maxAttempts: 3 };
    const t0 = new Date();
    expect(await sendDuePostbacks(worker, t0)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await rows())[0]).toMatchObject({ status: "pending", attempts: 1, lastError: "timeout" });

    hang = false;
    expect(await sendDuePostbacks(worker, new Date(t0.getTime() + 31_000))).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    expect((await rows())[0]).toMatchObject({ attempts: 2, answerStatus: 503, answerBody: "busy" });
    expect(await sendDuePostbacks(worker, new Date(t0.getTime() + 120_000))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(await sendDuePostbacks(worker, new Date(t0.getTime() + 86_400_000))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(server.seen).toHaveLength(3);
    expect(timedOut.asked).toEqual([200, 200, 200]);
    expect(
      (await database.db.select().from(publisherPostbacks).where(eq(publisherPostbacks.status, "failed"))).length,
    ).toBe(1);
  });

  it("waits its first pause as set (POSTBACK_RETRY_SECONDS), then pauses twice as long", async () => {
    const server = await fakePublisher((_req, res) => res.writeHead(503).end());
    await updatePublisher(database.db, acme(server.port));
    await queue(event());
    const worker = { ...base(), firstRetryMs: 2_000 };
    const t0 = new Date();
    expect(await sendDuePostbacks(worker, t0)).toMatchObject({ retrying: 1 });
    expect((await rows())[0]!.nextAttemptAt.getTime()).toBe(t0.getTime() + 2_000);
    const t1 = new Date(t0.getTime() + 2_000);
    expect(await sendDuePostbacks(worker, t1)).toMatchObject({ retrying: 1 });
    expect((await rows())[0]!.nextAttemptAt.getTime()).toBe(t1.getTime() + 4_000);
    expect(server.seen).toHaveLength(2);
  });

  it("keeps only the first 500 characters of an answer", async () => {
    const server = await fakePublisher((_req, res) => res.end("x".repeat(5000)));
    await updatePublisher(database.db, acme(server.port));
    await queue(event());
    await sendDuePostbacks(base());
    expect((await rows())[0]!.answerBody).toHaveLength(500);
  });
});
