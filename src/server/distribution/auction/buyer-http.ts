import type { BuyerAnswer } from "./mapping.ts";
import { AnswerError, readAnswer } from "./mapping.ts";
import type { Buyer, CallSpec } from "./buyer-config.ts";

// One HTTP call to a buyer, defensively (docs/product/lender-network.md#buyer-answers): whatever happens
// (timeout, dropped connection, 500, HTML, garbage, an answer too large) the caller gets an outcome with a
// reason, never an exception and never a wait beyond the timeout. An answer that came but could not be read
// (garbage, HTML, no success field, too large) is `unreadable`: the buyer answered something, perhaps an
// accept, so it is told apart from a failed call (docs/decisions/0018-lender-auction.md).

const MAX_ANSWER_BYTES = 64 * 1024;

/** `headers`: the answer's headers (the console's test shows them), empty when none came. */
export type CallOutcome = { headers: Record<string, string> } & (
  | { ok: true; httpStatus: number; text: string; answer: BuyerAnswer; latencyMs: number }
  | { ok: false; unreadable: boolean; httpStatus: number | undefined; text: string; reason: string; latencyMs: number }
);

async function readLimited(response: Response, signal: AbortSignal): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const onAbort = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel().catch(() => {});
        throw new AnswerError("answer too large");
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The headers a call to the buyer carries: its own, then ours. */
export function requestHeaders(spec: Pick<CallSpec, "headers">, contentType: string): Record<string, string> {
  return { ...spec.headers, "content-type": contentType, accept: "*/*" };
}

export async function callBuyer(
  buyer: Pick<Buyer, "protocol" | "timeoutMs">,
  spec: CallSpec,
  request: { body: string; contentType: string },
  timeoutMs: number = buyer.timeoutMs,
): Promise<CallOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(1, timeoutMs));
  let httpStatus: number | undefined;
  let headers: Record<string, string> = {};
  let text = "";
  try {
    const response = await fetch(spec.url, {
      method: "POST",
      headers: requestHeaders(spec, request.contentType),
      body: request.body,
      signal: controller.signal,
      redirect: "manual",
    });
    httpStatus = response.status;
    headers = Object.fromEntries(response.headers);
    text = await readLimited(response, controller.signal);
    if (response.status < 200 || response.status >= 300) {
      return {
        ok: false,
        unreadable: false,
        headers,
        httpStatus,
        text,
        reason: `http ${response.status}`,
        latencyMs: latency(),
      };
    }
    const answer = readAnswer(spec.answer, buyer.protocol, text, response.headers.get("content-type"));
    return { ok: true, headers, httpStatus, text, answer, latencyMs: latency() };
  } catch (error) {
    const unreadable = !controller.signal.aborted && error instanceof AnswerError;
    const reason = controller.signal.aborted ? "timeout" : unreadable ? error.message : "connection failed";
    return { ok: false, unreadable, headers, httpStatus, text, reason, latencyMs: latency() };
  } finally {
    clearTimeout(timer);
  }
}
