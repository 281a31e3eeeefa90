import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import type { OutboundGuard } from "./outbound-guard.ts";

// fetch, for the outside services and postbacks, through the outbound guard (docs/decisions/0040-outbound-guard.md):
// node:http connects with the guard's lookup, which global fetch cannot be given. What its callers use of fetch is
// kept: the method, headers, a string body, an AbortSignal, `redirect: "manual"` (the 3xx answered as it came) and
// `redirect: "error"`; a redirect is never followed, since the guard saw only the first address.

type GuardedInit = Pick<RequestInit, "method" | "headers" | "body" | "signal" | "redirect">;

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function guardedFetch(guard: OutboundGuard): typeof globalThis.fetch {
  return (async (input: string | URL | Request, init: GuardedInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const { lookup, agent } = guard.connectOptions(url);
    if (init.body !== undefined && init.body !== null && typeof init.body !== "string")
      throw new TypeError("guardedFetch sends string bodies only");
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const client = url.protocol === "https:" ? https : http;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = client.request(url, {
        method: init.method ?? "GET",
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        lookup,
        agent,
        signal,
      });
      request.on("response", resolve);
      // An abort rejects as fetch does, with the signal's reason (a TimeoutError for AbortSignal.timeout).
      request.on("error", (error) => reject(signal?.aborted ? signal.reason : error));
      request.end(init.body ?? undefined);
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location && init.redirect !== "manual") {
      response.destroy();
      throw new TypeError("redirect refused");
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers))
      for (const one of [value ?? ""].flat()) headers.append(name, one);
    const body =
      NO_BODY_STATUSES.has(status) || init.method === "HEAD"
        ? null
        : (Readable.toWeb(response) as unknown as ReadableStream<Uint8Array>);
    if (!body) response.resume();
    return new Response(body, { status, headers });
  }) as typeof globalThis.fetch;
}
