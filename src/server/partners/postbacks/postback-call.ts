import { performance } from "node:perf_hooks";
import type { PostbackAnswer } from "./postback-outbox.ts";
import { guardedFetch } from "../../platform/net/guarded-fetch.ts";
import type { OutboundGuard } from "../../platform/net/outbound-guard.ts";
import { wallClockTimeout, type TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import { postbackSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./postback-signature.ts";

// One signed GET to a publisher's postback address. Redirects are not followed (the signature names this
// address), and only the answer's first characters are kept: a publisher's page is not ours to store.

const KEPT_CHARS = 500;

async function firstChars(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < KEPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, KEPT_CHARS);
}

export async function callPostback(
  outbound: OutboundGuard,
  url: string,
  secret: string,
  timeoutMs: number,
  now: Date,
  timeout: TimeoutSignal = wallClockTimeout,
): Promise<PostbackAnswer> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const started = performance.now();
  const signal = timeout(timeoutMs);
  try {
    const response = await guardedFetch(outbound)(url, {
      method: "GET",
      redirect: "manual",
      headers: { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: postbackSignature(secret, timestamp, url) },
      signal,
    });
    const body = await firstChars(response);
    return { status: response.status, body, latencyMs: Math.round(performance.now() - started), error: null };
  } catch (error) {
    // Named by kind only: a message could quote the address.
    const error_ = signal.aborted ? "timeout" : `network error (${(error as Error).name})`;
    return { status: null, body: null, latencyMs: Math.round(performance.now() - started), error: error_ };
  }
}
