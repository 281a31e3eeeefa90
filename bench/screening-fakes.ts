// The gate's outside services as local fakes, in a process of their own so their CPU is not counted as the server's
// (bench/screening-gate.ts forks this file): Twilio Lookup, a litigator scrub, TrustedForm and a DNS server, each
// answering after the latency the parent names. It sends their addresses to the parent, then serves until killed.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startFakeDnsServer } from "../src/server/screening/email/fake-dns-server.testing.ts";

export const FAKE_LATENCY_MS = { twilio: 30, scrub: 20, trustedform: 40 } as const;

/** The domains the bench's e-mails use, each with a mail server. */
export const BENCH_DOMAINS = ["mail-a.test", "mail-b.test", "mail-c.test"];

function serve(ms: number, body: (request: IncomingMessage) => unknown): Promise<string> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on("end", () =>
      setTimeout(() => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(body(request)));
      }, ms),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

if (process.send) {
  const [twilio, scrub, trustedform, dns] = await Promise.all([
    serve(FAKE_LATENCY_MS.twilio, (request) => ({
      phone_number: /\+1\d{10}/.exec(request.url ?? "")?.[0],
      valid: true,
      line_type_intelligence: { type: "mobile", carrier_name: "Bench Wireless", error_code: null },
    })),
    serve(FAKE_LATENCY_MS.scrub, () => ({ listed: false })),
    serve(FAKE_LATENCY_MS.trustedform, () => ({ outcome: "success", match_lead: { result: { success: true } } })),
    startFakeDnsServer(
      Object.fromEntries(BENCH_DOMAINS.map((d) => [d, { mx: [{ exchange: `mx.${d}`, priority: 10 }] }])),
    ),
  ]);
  process.send({ twilio, scrub, trustedform, dns: dns.server });
}
