import type { LookupAddress } from "node:dns";
import { createServer, type Server } from "node:net";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { guardedFetch } from "./guarded-fetch.ts";
import { isInternalAddress } from "./internal-addresses.ts";
import { createOutboundGuard, OutboundRefused, REFUSED_MESSAGE } from "./outbound-guard.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A TCP listener on loopback that counts every connection made to it: the guard's tests expect none. */
async function tripwire(host = "127.0.0.1"): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.end(
      'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 36\r\n\r\n{"success":true,"price":99,"id":"x"}',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

/** DNS as the tests say it is: each name answers the addresses given, in turn for a list of answers. */
function fakeDns(answers: Record<string, string[][]>) {
  const asked: string[] = [];
  const lookupAll = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const turns = answers[hostname];
    if (!turns) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    const addresses = turns.length > 1 ? turns.shift()! : turns[0]!;
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { lookupAll, asked };
}

describe("internal addresses", () => {
  it("refuses this host, private networks, link-local metadata and multicast, in both families", () => {
    for (const address of [
      "127.0.0.1",
      "127.8.9.10",
      "0.0.0.0",
      "10.1.2.3",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.100.100.200",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "fd00:ec2::254",
      "fe80::1",
      "ff02::1",
    ])
      expect(isInternalAddress(address), address).toBe(true);
  });

  it("lets public addresses through", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "2a00:1450:4001::"])
      expect(isInternalAddress(address), address).toBe(false);
  });
});

describe("the outbound guard at save", () => {
  const guard = createOutboundGuard({ lookupAll: fakeDns({}).lookupAll });

  it("refuses every spelling of loopback, the metadata address and internal names, with a field message", async () => {
    for (const url of [
      "http://127.0.0.1:5432/",
      "http://localhost:5432/ping",
      "http://LOCALHOST./ping",
      "http://[::1]:5432/",
      "http://0x7f000001:5432/",
      "http://2130706433/",
      "http://0177.0.0.1/",
      "http://127.1/",
      "http://[::ffff:127.0.0.1]/",
      "http://169.254.169.254/latest/meta-data/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://postgres:5432/",
      "http://printer.local/",
    ])
      expect(await guard.checkAtSave(url), url).toBe(REFUSED_MESSAGE);
  });

  it("refuses a public-looking name that resolves inside, and keeps one that does not resolve yet", async () => {
    const dns = fakeDns({
      "rebind.example.com": [["203.0.114.9", "10.0.0.7"]],
      "buyer.example.com": [["93.184.216.34"]],
    });
    const checking = createOutboundGuard({ lookupAll: dns.lookupAll });
    expect(await checking.checkAtSave("https://rebind.example.com/leads")).toBe(REFUSED_MESSAGE);
    expect(await checking.checkAtSave("https://buyer.example.com/leads")).toBeUndefined();
    expect(await checking.checkAtSave("https://not-yet.example.com/leads")).toBeUndefined();
  });

  it("refuses this host's own public addresses, where a service listening on all of them answers", async () => {
    const dns = fakeDns({ "self.example.com": [["198.51.99.10"]] });
    const guard = createOutboundGuard({ lookupAll: dns.lookupAll, ownAddresses: ["198.51.99.10", "2a01:4f8::10"] });
    expect(await guard.checkAtSave("http://198.51.99.10:5432/")).toBe(REFUSED_MESSAGE);
    expect(await guard.checkAtSave("http://[2a01:4f8::10]:5432/")).toBe(REFUSED_MESSAGE);
    expect(await guard.checkAtSave("https://self.example.com/ping")).toBe(REFUSED_MESSAGE);
    await expect(guardedFetch(guard)("http://198.51.99.10:5432/")).rejects.toBeInstanceOf(OutboundRefused);
    // Another public address is not this host.
    expect(await guard.checkAtSave("http://198.51.99.11:5432/")).toBeUndefined();
  });

  it("refuses other schemes and credentials in the address", async () => {
    expect(await guard.checkAtSave("file:///etc/passwd")).toMatch(/http or https/);
    expect(await guard.checkAtSave("gopher://buyer.example.com/")).toMatch(/http or https/);
    expect(await guard.checkAtSave("https://user:pw@buyer.example.com/")).toMatch(/user name or password/);
  });

  it("allows the hosts it is told to, by name or address, with or without a port", async () => {
    const allowing = createOutboundGuard({
      allowedHosts: ["lender.corp.example", "10.1.2.3:8443", "[::1]"],
      lookupAll: fakeDns({ "lender.corp.example": [["10.9.9.9"]] }).lookupAll,
    });
    expect(await allowing.checkAtSave("https://lender.corp.example/leads")).toBeUndefined();
    expect(await allowing.checkAtSave("https://10.1.2.3:8443/leads")).toBeUndefined();
    expect(await allowing.checkAtSave("https://10.1.2.3:9000/leads")).toBe(REFUSED_MESSAGE);
    expect(await allowing.checkAtSave("http://[::1]:3000/")).toBeUndefined();
    expect(await allowing.checkAtSave("http://127.0.0.1:3000/")).toBe(REFUSED_MESSAGE);
  });
});

describe("the outbound guard at connect", () => {
  it("a listener on loopback receives nothing, however its address is written", async () => {
    const wire = await tripwire();
    const fetch = guardedFetch(createOutboundGuard({ lookupAll: fakeDns({}).lookupAll }));
    for (const url of [
      `http://127.0.0.1:${wire.port}/`,
      `http://localhost:${wire.port}/`,
      `http://0x7f000001:${wire.port}/`,
      `http://2130706433:${wire.port}/`,
      `http://[::ffff:127.0.0.1]:${wire.port}/`,
    ])
      await expect(fetch(url), url).rejects.toBeInstanceOf(OutboundRefused);
    expect(wire.connections()).toBe(0);
  });

  it("refuses a name that resolved outside at save and inside at the call (DNS rebinding)", async () => {
    const wire = await tripwire();
    const dns = fakeDns({ "flip.example.com": [["93.184.216.34"], ["127.0.0.1"]] });
    const guard = createOutboundGuard({ lookupAll: dns.lookupAll });
    const url = `http://flip.example.com:${wire.port}/ping`;
    expect(await guard.checkAtSave(url)).toBeUndefined();
    await expect(guardedFetch(guard)(url)).rejects.toBeInstanceOf(OutboundRefused);
    expect(dns.asked).toEqual(["flip.example.com", "flip.example.com"]);
    expect(wire.connections()).toBe(0);
  });

  it("reaches an allowed internal host, by its name resolved at the call", async () => {
    let requests = 0;
    const server = createHttpServer((_req, res) => {
      requests++;
      res.end("hello");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const port = (server.address() as AddressInfo).port;
    const dns = fakeDns({ "onprem.corp.example": [["127.0.0.1"]] });
    const guard = createOutboundGuard({ allowedHosts: [`onprem.corp.example:${port}`], lookupAll: dns.lookupAll });
    const response = await guardedFetch(guard)(`http://onprem.corp.example:${port}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("hello");
    // A guard that does not allow it refuses it, though the first guard's connection to it is still open.
    const strict = createOutboundGuard({ lookupAll: dns.lookupAll });
    await expect(guardedFetch(strict)(`http://onprem.corp.example:${port}/`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(requests).toBe(1);
    // The same host on another port is not allowed.
    await expect(guardedFetch(guard)(`http://onprem.corp.example:${port + 1}/`)).rejects.toBeInstanceOf(
      OutboundRefused,
    );
  });

  it("never follows a redirect, which could lead inside", async () => {
    const wire = await tripwire();
    const server = createHttpServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${wire.port}/` });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const port = (server.address() as AddressInfo).port;
    const guard = createOutboundGuard({ allowedHosts: [`127.0.0.1:${port}`] });
    await expect(guardedFetch(guard)(`http://127.0.0.1:${port}/`, { redirect: "error" })).rejects.toThrow(/redirect/);
    const manual = await guardedFetch(guard)(`http://127.0.0.1:${port}/`, { redirect: "manual" });
    expect(manual.status).toBe(302);
    expect(wire.connections()).toBe(0);
  });

  it("ends a call at its signal's timeout, with the signal's reason as fetch does", async () => {
    const server = createHttpServer(() => {}); // never answers
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
    const port = (server.address() as AddressInfo).port;
    const guard = createOutboundGuard({ allowedHosts: [`127.0.0.1:${port}`] });
    const controller = new AbortController();
    const call = guardedFetch(guard)(`http://127.0.0.1:${port}/`, { signal: controller.signal });
    controller.abort(new DOMException("gave up", "TimeoutError"));
    await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
  });
});
