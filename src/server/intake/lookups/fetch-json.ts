// One GET (or a POST of JSON) to an outside service, bounded by a timeout. It never throws and never reports the URL, which
// may carry an API key: callers log only the short reason.

import { wallClockTimeout, type TimeoutSignal } from "../../platform/net/timeout-signal.ts";

export type FetchJsonResult = { ok: true; body: unknown } | { ok: false; reason: string; status?: number };

export type FetchJsonOptions = {
  timeoutMs: number;
  /** What ends the call after `timeoutMs`: a wall-clock timer but in tests. */
  timeout?: TimeoutSignal;
  /** The caller's own end of the call (the screening gate's, once a check's time is up): reported as a timeout. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** POST this as JSON; without it, a GET. */
  body?: unknown;
  /** Refuse a body longer than this (a broken or hostile service must not fill the memory). */
  maxBytes?: number;
  /** guardedFetch(app.outboundGuard): the address is configuration (docs/decisions/0040-outbound-guard.md). */
  fetch: typeof globalThis.fetch;
};

export async function fetchJson(
  url: URL,
  { timeoutMs, timeout = wallClockTimeout, headers = {}, body, signal, maxBytes = Infinity, fetch }: FetchJsonOptions,
): Promise<FetchJsonResult> {
  const ends = signal ? AbortSignal.any([timeout(timeoutMs), signal]) : timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      ...(body === undefined ? {} : { method: "POST", body: JSON.stringify(body) }),
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      signal: ends,
      redirect: "error",
    });
  } catch (error) {
    return failed(error, ends);
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, reason: `HTTP ${response.status}`, status: response.status };
  }
  try {
    const text = await readText(response, maxBytes);
    if (text === undefined) return { ok: false, reason: "answer too large" };
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch (error) {
    return error instanceof SyntaxError ? { ok: false, reason: "invalid JSON" } : failed(error, ends);
  }
}

/** The body as text, or undefined once it passes maxBytes (read no further than that). */
async function readText(response: Response, maxBytes: number): Promise<string | undefined> {
  if (maxBytes === Infinity || !response.body) return response.text();
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body.cancel().catch(() => {});
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    // Leaving the loop cancels the stream, so the rest is never read.
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function failed(error: unknown, ends: AbortSignal): FetchJsonResult {
  const name = error instanceof Error ? error.name : "";
  // An abort rejects with the signal's reason, whatever its name: a caller's may be any error.
  const timedOut = ends.aborted || name === "TimeoutError" || name === "AbortError";
  return { ok: false, reason: timedOut ? "timeout" : "network error" };
}
