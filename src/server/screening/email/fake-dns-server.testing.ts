import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";
import dns2 from "dns2";

// DNS servers on 127.0.0.1 (a free UDP port) that stand in for the resolver in tests, so no test asks the internet:
// one that answers from a small zone, and one that never answers.

const { Packet } = dns2;

export type FakeZone = Record<
  string,
  { mx?: { exchange: string; priority: number }[]; a?: string[]; aaaa?: string[]; rcode?: number }
>;

export type FakeDnsServer = {
  /** "127.0.0.1:<port>", as the resolver's servers take it. */
  server: string;
  /** Each question asked, "<name> <type>" (MX, A, AAAA). */
  asked: string[];
  close(): Promise<void>;
};

/** A name in the zone answers its records (none of a type: NOERROR with no answer); any other is NXDOMAIN. */
export async function startFakeDnsServer(zone: FakeZone): Promise<FakeDnsServer> {
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question) return void send(response);
      const name = question.name.toLowerCase();
      const type = Packet.TYPE_NAME[question.type] ?? String(question.type);
      asked.push(`${name} ${type}`);
      const entry = zone[name];
      const record = (fields: Partial<InstanceType<typeof Packet.Resource>>) =>
        Packet.createResourceFromQuestion(question, { class: Packet.CLASS.IN, ttl: 300, ...fields });
      if (!entry) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (entry.rcode !== undefined) response.header.rcode = entry.rcode;
      else if (question.type === Packet.TYPE.MX)
        response.answers.push(...(entry.mx ?? []).map((mx) => record({ type: Packet.TYPE.MX, ...mx })));
      else if (question.type === Packet.TYPE.A)
        response.answers.push(...(entry.a ?? []).map((address) => record({ type: Packet.TYPE.A, address })));
      else if (question.type === Packet.TYPE.AAAA)
        response.answers.push(...(entry.aaaa ?? []).map((address) => record({ type: Packet.TYPE.AAAA, address })));
      void send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  return { server: `127.0.0.1:${udp!.port}`, asked, close: () => server.close() };
}

/** A server that takes every question and answers none: only the resolver's timeout or a cancel ends a query. */
export async function startSilentDnsServer(): Promise<FakeDnsServer> {
  const asked: string[] = [];
  const socket = createSocket("udp4");
  socket.on("message", () => asked.push("?"));
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
