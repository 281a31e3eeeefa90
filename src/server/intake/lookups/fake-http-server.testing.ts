import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { stall } from "../../platform/net/timeout-signal.testing.ts";

// A tiny HTTP server on 127.0.0.1 (a free port) that stands in for an outside service in tests, so no
// test needs the internet (architecture.md, Outside services). It records every request it gets.

export type FakeHandler = (request: IncomingMessage, response: ServerResponse) => void;

export type FakeHttpServer = {
  url: string;
  requests: { url: string; headers: IncomingMessage["headers"] }[];
  /** Replace how it answers from now on. */
  answer(handler: FakeHandler): void;
  close(): Promise<void>;
};

export function json(status: number, body: unknown): FakeHandler {
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  };
}

/**
 * Answers, then does not let the process run for `ms`, as a loaded machine does: a client whose wall-clock timeout
 * is shorter than that counts the answer as a timeout (docs/decisions/0046-tests-under-load.md).
 */
export function thenStall(ms: number, handler: FakeHandler): FakeHandler {
  return (request, response) => {
    handler(request, response);
    stall(ms);
  };
}

export async function startFakeHttpServer(handler: FakeHandler = json(200, {})): Promise<FakeHttpServer> {
  let current = handler;
  const requests: FakeHttpServer["requests"] = [];
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? "", headers: request.headers });
    current(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
