import { createServer, type AddressInfo, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createOutboundGuard } from "../../platform/net/outbound-guard.ts";
import { callBuyer } from "./buyer-http.ts";

// A buyer's call goes through the outbound guard (docs/decisions/0040-outbound-guard.md): an address inside is
// reported as refused, and nothing reaches it.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function tripwire(): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 16\r\n\r\n{"success":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

describe("a buyer call through the outbound guard", () => {
  it("a buyer call to a refused address fails as 'address refused' and reaches nothing", async () => {
    const wire = await tripwire();
    const guard = createOutboundGuard({
      lookupAll: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    for (const url of [`http://127.0.0.1:${wire.port}/ping`, `http://bids.example.com:${wire.port}/ping`]) {
      const outcome = await callBuyer(
        guard,
        { protocol: "json", timeoutMs: 2_000 },
        { url, fields: [], answer: {} } as never,
        { body: "{}", contentType: "application/json" },
      );
      expect(outcome.ok).toBe(false);
      expect(!outcome.ok && outcome.reason).toBe("address refused");
    }
    expect(wire.connections()).toBe(0);
  });
});
