import { PassThrough } from "node:stream";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { GENEROUS_RATE_LIMITS } from "../helpers/generous-rate-limits.ts";
import { SUBMISSION } from "../helpers/http-lead.ts";
import { randomSecrets } from "../helpers/test-app.ts";
import { createTestDatabase } from "../helpers/test-database.ts";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/platform/config/config.ts";
import type { Database } from "../../src/server/platform/db/database.ts";
import { findAuction } from "../../src/server/distribution/auction/auction-store.ts";
import {
  addBuyers,
  bid,
  lenderConfig,
  postsTo,
  saveLead,
  sendLead,
  startFakeBuyer,
  type FakeBuyer,
} from "../../src/server/distribution/auction/auction.testing.ts";

// The clean stop (docs/decisions/0037-several-processes.md): a running auction gives its lease back between
// two steps and is queued for another process; a send while stopping is queued for the other processes on
// PostgreSQL, and answered 503 with Retry-After on the embedded database, which has no other process.

let database: Database | undefined;
let buyer: FakeBuyer | undefined;
afterEach(async () => {
  await buyer?.close();
  await database?.close();
});

async function stoppableApp() {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    ...GENEROUS_RATE_LIMITS,
    AUCTION_BUDGET_MS: "60000",
    // A lease nobody would wait out in a test: only a lease given back lets another claim in.
    AUCTION_LEASE_MS: "300000",
    AUCTION_DRAIN_MS: "0",
    PING_WAIT_MS: "0",
    // The fake buyer listens on loopback, which the outbound guard refuses unless allowed.
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
  });
  const secrets = randomSecrets();
  const logStream = new PassThrough();
  let logs = "";
  logStream.on("data", (chunk: Buffer) => (logs += chunk.toString("utf8")));
  // The test reads the database after the app has closed: the app's close leaves it open.
  const app = await buildApp({ config, database: { ...database, close: async () => {} }, secrets, logStream });
  await app.ready();
  return { app, database, secrets, logs: () => logs };
}

describe("a server that stops", () => {
  it("gives a running auction's lease back between two steps, and answers a send as its database allows", async () => {
    let pinged = () => {};
    const ping = new Promise<void>((resolve) => (pinged = resolve));
    let answerPing = () => {};
    const pingAnswered = new Promise<void>((resolve) => (answerPing = resolve));
    buyer = await startFakeBuyer({
      ping: async () => {
        pinged();
        await pingAnswered;
        return bid(40);
      },
      post: () => ({ body: { result: "accepted", redirect: "https://lender.example/offer" } }),
    });
    const t = await stoppableApp();
    await addBuyers(t.database.db, lenderConfig("held", buyer));
    const running = await saveLead(t);
    const later = await saveLead(t);
    expect((await sendLead(t.app, running)).statusCode).toBe(200);
    await ping;
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    const closed = t.app.close();
    // The auction is held on its ping, so the stop waits for it once it has begun: requests are served meanwhile.
    while (!t.logs().includes("stopping: running auctions may finish")) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const send = await fetch(`${url}/api/personal_loan/lead/send/v2`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: later.cookie },
      body: JSON.stringify({ lead_id: later.id, ...SUBMISSION }),
    });
    answerPing();
    await closed;

    // The run stopped before its post, and another claim may take the auction at once.
    expect(await findAuction(t.database.db, running.id)).toMatchObject({
      status: "pending",
      leaseOwner: null,
      leaseUntil: null,
      runs: 1,
    });
    expect(await postsTo(t.database.db, running.id)).toEqual([]);

    if (t.database.driver === "postgres") {
      // Queued for the other processes, whose workers take it; none ran here.
      expect(send.status).toBe(200);
      expect(((await send.json()) as { data: { status: number } }).data.status).toBe(3);
      expect(await findAuction(t.database.db, later.id)).toMatchObject({ status: "pending", runs: 0 });
    } else {
      expect(send.status).toBe(503);
      expect(send.headers.get("retry-after")).toBe("5");
      expect(await findAuction(t.database.db, later.id)).toBeUndefined();
    }
  });
});
