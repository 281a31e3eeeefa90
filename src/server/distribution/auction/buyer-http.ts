import http from "node:http";
import https from "node:https";
import type { BuyerAnswer } from "./mapping.ts";
import { AnswerError, readAnswer } from "./mapping.ts";
import type { Buyer, CallSpec } from "./buyer-config.ts";
import { OutboundRefused, type OutboundGuard } from "../../platform/net/outbound-guard.ts";

// One HTTP call to a buyer, defensively (docs/product/lender-network.md#buyer-answers): whatever happens
// (timeout, dropped connection, 500, HTML, garbage, an answer too large) the caller gets an outcome with a
// reason, never an exception and never a wait beyond the timeout. An answer that came but could not be read
// (garbage, HTML, no success field, too large) is `unreadable`: the buyer answered something, perhaps an
// accept, so it is told apart from a failed call (docs/decisions/0018-lender-auction.md).

const MAX_ANSWER_BYTES = 64 * 1024;

/** The reasons of a call that got no answer: the console counts them per buyer (src/server/console/buyers). */
export const NO_ANSWER = {
  timeout: "timeout",
  connection: "connection failed",
  /** The outbound guard refused the address (docs/decisions/0040-outbound-guard.md): nothing was sent. */
  refused: "address refused",
} as const;

/** `headers`: the answer's headers (the console's test shows them), empty when none came. */
export type CallOutcome = { headers: Record<string, string> } & (
  | { ok: true; httpStatus: number; text: string; answer: BuyerAnswer; latencyMs: number }
  | { ok: false; unreadable: boolean; httpStatus: number | undefined; text: string; reason: string; latencyMs: number }
);

// node:http rather than fetch: an auction makes one call per buyer, and fetch's streams cost several times the
// CPU of the call itself (docs/decisions/0038-auction-cost.md). Connections to a buyer are kept open between calls by
// the outbound guard's agents (outbound-guard.ts), which also decide where they may go.

/** What came back so far: kept when the body then fails or runs past the timeout. */
type Received = { status?: number; headers: Record<string, string>; contentType: string | null };

/**
 * POSTs `body` and reads the answer, at most MAX_ANSWER_BYTES of it; `signal` cuts it at once. The guard decides
 * where the connection may go (docs/decisions/0040-outbound-guard.md).
 */
function post(
  guard: OutboundGuard,
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  received: Received,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const { lookup, agent } = guard.connectOptions(target);
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent,
        lookup,
        signal,
      },
      (response) => {
        received.status = response.statusCode;
        received.headers = Object.fromEntries(
          Object.entries(response.headers).map(([name, value]) => [name, [value ?? ""].flat().join(", ")]),
        );
        received.contentType = response.headers["content-type"] ?? null;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > MAX_ANSWER_BYTES) {
            request.destroy();
            reject(new AnswerError("answer too large"));
          } else chunks.push(chunk);
        });
        response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        response.on("error", reject);
        response.on("aborted", () => reject(new Error("answer cut")));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The headers a call to the buyer carries: its own, then ours. */
export function requestHeaders(spec: Pick<CallSpec, "headers">, contentType: string): Record<string, string> {
  return { ...spec.headers, "content-type": contentType, accept: "*/*" };
}

export async function callBuyer(
  guard: OutboundGuard,
  buyer: Pick<Buyer, "protocol" | "timeoutMs">,
  spec: CallSpec,
  request: { body: string; contentType: string },
  timeoutMs: number = buyer.timeoutMs,
): Promise<CallOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(1, timeoutMs));
  const received: Received = { headers: {}, contentType: null };
  let text = "";
  try {
    text = await post(
      guard,
      spec.url,
      requestHeaders(spec, request.contentType),
      request.body,
      controller.signal,
      received,
    );
    const httpStatus = received.status ?? 0;
    const headers = received.headers;
    if (httpStatus < 200 || httpStatus >= 300) {
      return {
        ok: false,
        unreadable: false,
        headers,
        httpStatus,
        text,
        reason: `http ${httpStatus}`,
        latencyMs: latency(),
      };
    }
    const answer = readAnswer(spec.answer, buyer.protocol, text, received.contentType);
    return { ok: true, headers, httpStatus, text, answer, latencyMs: latency() };
  } catch (error) {
    const unreadable = !controller.signal.aborted && error instanceof AnswerError;
    const reason = controller.signal.aborted
      ? NO_ANSWER.timeout
      : unreadable
        ? error.message
        : error instanceof OutboundRefused
          ? NO_ANSWER.refused
          : NO_ANSWER.connection;
    const { headers, status: httpStatus } = received;
    return { ok: false, unreadable, headers, httpStatus, text, reason, latencyMs: latency() };
  } finally {
    clearTimeout(timer);
  }
}
