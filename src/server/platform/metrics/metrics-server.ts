import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Metrics } from "./metrics.ts";
import { carriesToken } from "./bearer-token.ts";

export type MetricsServer = { url: string; close(): Promise<void> };

/**
 * /metrics on a port of its own (METRICS_PORT), apart from the site: bound to loopback unless METRICS_HOST says
 * otherwise, so a scraper on the machine (or a sidecar) reads it and the internet cannot. It asks for the bearer
 * token too when one is set. Only GET /metrics answers; everything else is 404.
 */
export async function startMetricsServer(
  metrics: Pick<Metrics, "scrape" | "contentType">,
  options: { host: string; port: number; token: string | undefined },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    if (options.token && !carriesToken(request.headers.authorization, options.token)) {
      response.writeHead(401, { "www-authenticate": 'Bearer realm="metrics"' }).end("Unauthorized\n");
      return;
    }
    metrics.scrape().then(
      (body) => response.writeHead(200, { "content-type": metrics.contentType, "cache-control": "no-store" }).end(body),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("Metrics could not be collected\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
