import { createServer, type AddressInfo, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { signInAs } from "../helpers/console-session.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import {
  addBuyers,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
} from "../../src/server/distribution/auction/auction.testing.ts";
import { createPublisher, updatePublisher } from "../../src/server/partners/publishers/publisher-store.ts";
import { queuePostback } from "../../src/server/partners/postbacks/postback-outbox.ts";
import { sendDuePostbacks } from "../../src/server/partners/postbacks/postback-worker.ts";
import { PiiCipher } from "../../src/server/platform/security/pii-cipher.ts";
import { sql } from "drizzle-orm";

// Issue 31's server-side request forgery, end to end: with nothing allowed (OUTBOUND_ALLOWED_HOSTS empty, as in
// production by default), a manager cannot aim a buyer or a postback at this host, and a URL that got into the
// table some other way is still never connected to (docs/decisions/0040-outbound-guard.md).

const apps: TestApp[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.app.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function guardedApp(env: Record<string, string> = {}) {
  const t = await createTestApp({ OUTBOUND_ALLOWED_HOSTS: "", AUCTION_BUDGET_MS: "3000", ...env });
  apps.push(t);
  return t;
}

/** A listener on loopback, as PostgreSQL's port would be: it must receive nothing. */
async function tripwire(): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.end("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

const internalSpellings = (port: number) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
  `http://[::1]:${port}`,
  `http://0x7f000001:${port}`,
  `http://169.254.169.254`,
];

describe("the outbound guard in the console", () => {
  it("refuses a buyer aimed inside, with a message on the field, and saves nothing", async () => {
    const t = await guardedApp();
    const wire = await tripwire();
    const manager = await signInAs(t, "manager");
    for (const [n, base] of internalSpellings(wire.port).entries()) {
      const config = lenderConfig(`inside-${n}`, { url: base });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/console/buyers",
        headers: manager.write,
        payload: { config, note: "probe" },
      });
      expect(res.statusCode, base).toBe(400);
      const errors = res.json().errors as Record<string, string>;
      expect(errors["config.ping.url"]).toMatch(/inside Loanpath's own network/);
      expect(errors["config.post.url"]).toMatch(/inside Loanpath's own network/);
    }
    const saved = await t.database.db.execute(sql`select count(*)::int as n from buyers`);
    expect((saved as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(wire.connections()).toBe(0);
  });

  it("refuses a publisher's postback aimed inside, or with a macro in its host", async () => {
    const t = await guardedApp();
    const owner = await signInAs(t, "owner");
    const settings = {
      id: "probe",
      name: "Probe Media",
      aff_id: "P1",
      payout_kind: "per_sold",
      payout_amount: 500,
      hold_days: 30,
      enabled: true,
    };
    for (const postback_url of ["http://127.0.0.1:5432/pb?c={clickid}", "http://169.254.169.254/latest/meta-data/"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/console/publishers",
        headers: owner.write,
        payload: { ...settings, postback_url },
      });
      expect(res.statusCode, postback_url).toBe(400);
      expect(res.json().errors.postback_url).toMatch(/^This address points inside Loanpath's own network/);
    }
    const macroHost = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers",
      headers: owner.write,
      payload: { ...settings, postback_url: "http://{sub1}/pb" },
    });
    expect(macroHost.statusCode).toBe(400);
    expect(JSON.stringify(macroHost.json())).toMatch(/Macros may be used in the path and query only/);
  });

  it("a buyer already stored with an internal address is never called: not by an auction, not by the test console", async () => {
    const t = await guardedApp();
    const wire = await tripwire();
    // As if saved before the guard, or written by hand: the check at connect time is the one that counts.
    await addBuyers(t.database.db, lenderConfig("stored-inside", { url: `http://127.0.0.1:${wire.port}` }));
    const lead = await saveLead(t);
    expect((await sendLead(t.app, lead)).statusCode).toBe(200);
    const auction = await decided(t.database.db, lead.id);
    expect(auction.status).toBe("rejected");

    const manager = await signInAs(t, "manager");
    const tested = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers/stored-inside/test",
      headers: manager.write,
    });
    expect(tested.statusCode).toBe(200);
    expect(JSON.stringify(tested.json())).toContain("address refused");
    expect(wire.connections()).toBe(0);
  });

  it("a postback stored with an internal address is never sent", async () => {
    const t = await guardedApp();
    const wire = await tripwire();
    const cipher = new PiiCipher(t.secrets.piiKeyring);
    const settings = {
      id: "stored",
      name: "Stored Media",
      aff_id: "S1",
      payout_kind: "per_sold" as const,
      payout_amount: 500,
      hold_days: 30,
      postback_url: null,
      enabled: true,
    };
    await t.database.db.transaction((tx) => createPublisher(tx, cipher, settings));
    await updatePublisher(t.database.db, { ...settings, postback_url: `http://127.0.0.1:${wire.port}/pb?e={event}` });
    await t.database.db.transaction((tx) =>
      queuePostback(tx, {
        publisherId: "stored",
        leadId: "ld_1",
        event: "sold",
        payoutCents: 500,
        attribution: { clickid: "c-1", aff_id: "S1" },
      }),
    );
    const report = await sendDuePostbacks({ db: t.database.db, cipher, outbound: t.app.outboundGuard });
    expect(report.sent).toBe(0);
    expect(wire.connections()).toBe(0);
  });
});
