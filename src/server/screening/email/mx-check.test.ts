import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScreenInput } from "../gate/screening-check.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import {
  startFakeDnsServer,
  startSilentDnsServer,
  type FakeDnsServer,
  type FakeZone,
} from "./fake-dns-server.testing.ts";
import { createMxCheck } from "./mx-check.ts";

const lead = (email: string | null): ScreenInput => ({
  leadId: "lead-1",
  testMode: false,
  phone: null,
  email,
  zip: null,
  city: null,
  state: null,
  trustedFormUrl: null,
  jornayaLeadId: null,
  sentAt: new Date("2026-12-01T12:00:00Z"),
  hashes: { device: null, ip: null, phone: null, email: null },
});
const unaborted = () => new AbortController().signal;

// Names under .test (RFC 6761), which no real resolver answers.
const ZONE: FakeZone = {
  "mail.test": { mx: [{ exchange: "mx1.mail.test", priority: 10 }] },
  "a-only.test": { a: ["192.0.2.10"] },
  "aaaa-only.test": { aaaa: ["2001:db8::10"] },
  "null-mx.test": { mx: [{ exchange: "", priority: 0 }], a: ["192.0.2.11"] },
  "nothing.test": {},
  "servfail.test": { rcode: 2 },
  "refused.test": { rcode: 5 },
};

describe("the MX check", () => {
  let dns: FakeDnsServer;
  // A generous limit: the fake answers at once, and only the silent server's case is about the timeout.
  const check = (options: { now?: () => number } = {}) =>
    createMxCheck({ servers: [dns.server], timeoutMs: 10_000, ...options });

  beforeAll(async () => {
    dns = await startFakeDnsServer(ZONE);
  });
  afterAll(async () => {
    await dns.close();
  });

  it.each([
    ["ana@mail.test", "deliverable", "MX"],
    ["ana@A-Only.test", "deliverable", "no MX, an address"],
    ["ana@aaaa-only.test", "deliverable", "no MX, an address"],
    ["ana@null-mx.test", "undeliverable", "null MX"],
    ["ana@nothing.test", "undeliverable", "no MX or address"],
    ["ana@no-such-domain.test", "undeliverable", "domain does not exist"],
  ])("answers %s %s (%s)", async (email, answer, detail) => {
    expect(await check().run(lead(email), unaborted())).toEqual({ email_mx: { answer, source: "dns", detail } });
  });

  it("asks for the address records only when the domain has no MX", async () => {
    dns.asked.length = 0;
    await check().run(lead("ana@mail.test"), unaborted());
    expect(dns.asked).toEqual(["mail.test MX"]);
    dns.asked.length = 0;
    await check().run(lead("ana@a-only.test"), unaborted());
    expect(dns.asked.toSorted()).toEqual(["a-only.test A", "a-only.test AAAA", "a-only.test MX"]);
  });

  it.each([
    ["ana@servfail.test", "ESERVFAIL"],
    ["ana@refused.test", "EREFUSED"],
  ])("throws a failed ServiceFailure when the server fails %s", async (email, reason) => {
    const error = await check()
      .run(lead(email), unaborted())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceFailure);
    expect(error).toMatchObject({ outcome: "failed", message: reason });
  });

  it("asks DNS once per domain while its answer is kept, and again once it is not", async () => {
    let clock = 0;
    const cached = check({ now: () => clock });
    dns.asked.length = 0;
    for (const email of ["ana@mail.test", "bo@MAIL.test", "cy@mail.test."]) {
      expect((await cached.run(lead(email), unaborted())).email_mx?.answer).toBe("deliverable");
    }
    expect(dns.asked).toEqual(["mail.test MX"]);

    clock += 60 * 60_000;
    await cached.run(lead("ana@mail.test"), unaborted());
    expect(dns.asked).toEqual(["mail.test MX", "mail.test MX"]);
  });

  it("keeps no failure: the next lead asks again", async () => {
    const cached = check();
    dns.asked.length = 0;
    await expect(cached.run(lead("ana@servfail.test"), unaborted())).rejects.toBeInstanceOf(ServiceFailure);
    await expect(cached.run(lead("ana@servfail.test"), unaborted())).rejects.toBeInstanceOf(ServiceFailure);
    expect(dns.asked).toEqual(["servfail.test MX", "servfail.test MX"]);
  });

  it("keeps at most cacheSize domains, dropping the least recently asked", async () => {
    const small = createMxCheck({ servers: [dns.server], timeoutMs: 10_000, cacheSize: 2 });
    for (const domain of ["mail.test", "a-only.test", "mail.test", "nothing.test"])
      await small.run(lead(`ana@${domain}`), unaborted());
    dns.asked.length = 0;
    await small.run(lead("ana@mail.test"), unaborted());
    await small.run(lead("ana@nothing.test"), unaborted());
    expect(dns.asked).toEqual([]);
    await small.run(lead("ana@a-only.test"), unaborted());
    expect(dns.asked).toContain("a-only.test MX");
  });

  it("asks nothing without an e-mail domain", async () => {
    dns.asked.length = 0;
    expect(await check().run(lead(null), unaborted())).toEqual({
      email_mx: { answer: "unknown", source: "dns", detail: "no e-mail", noCall: true },
    });
    expect((await check().run(lead("ana@localhost"), unaborted())).email_mx?.answer).toBe("unknown");
    expect(dns.asked).toEqual([]);
  });

  it("answers a kept domain without DNS, even once the gate's time is up", async () => {
    let clock = 0;
    const mx = createMxCheck({ servers: [dns.server], timeoutMs: 10_000, now: () => clock });
    await mx.run(lead("ana@mail.test"), unaborted());
    clock += 1000;
    // The same check asked again, with a signal already aborted: a kept answer needs no DNS.
    const aborted = AbortSignal.abort();
    expect((await mx.run(lead("ana@mail.test"), aborted)).email_mx?.answer).toBe("deliverable");
  });

  it("is the dns adapter, answering email_mx only", () => {
    expect(check()).toMatchObject({ adapter: "dns", answers: ["email_mx"], timeoutMs: 10_000 });
  });

  describe("against a server that never answers", () => {
    let silent: FakeDnsServer;
    beforeAll(async () => {
      silent = await startSilentDnsServer();
    });
    afterAll(async () => {
      await silent.close();
    });

    it("throws a timeout ServiceFailure at the resolver's timeout", async () => {
      // Only the resolver's own timer can end the query: nothing races it.
      const mx = createMxCheck({ servers: [silent.server], timeoutMs: 200 });
      const error = await mx.run(lead("ana@mail.test"), unaborted()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceFailure);
      expect(error).toMatchObject({ outcome: "timeout", message: "timeout" });
      expect(silent.asked.length).toBeGreaterThan(0);
    });

    it("cancels its query when the gate's signal aborts", async () => {
      const mx = createMxCheck({ servers: [silent.server], timeoutMs: 600_000 });
      const gate = new AbortController();
      const asked = silent.asked.length;
      const running = mx.run(lead("ana@mail.test"), gate.signal).catch((e: unknown) => e);
      await expect.poll(() => silent.asked.length, { timeout: 20_000 }).toBeGreaterThan(asked);
      gate.abort();
      expect(await running).toMatchObject({ outcome: "timeout" });
    });
  });
});
