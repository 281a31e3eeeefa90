// One GET to an outside service, bounded by a timeout. It never throws and never reports the URL, which
// may carry an API key: callers log only the short reason.

export type FetchJsonResult = { ok: true; body: unknown } | { ok: false; reason: string; status?: number };

export type FetchJsonOptions = {
  timeoutMs: number;
  headers?: Record<string, string>;
  fetch?: typeof globalThis.fetch;
};

export async function fetchJson(
  url: URL,
  { timeoutMs, headers = {}, fetch = globalThis.fetch }: FetchJsonOptions,
): Promise<FetchJsonResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json", ...headers },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    return failed(error);
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, reason: `HTTP ${response.status}`, status: response.status };
  }
  try {
    const text = await response.text();
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch (error) {
    return error instanceof SyntaxError ? { ok: false, reason: "invalid JSON" } : failed(error);
  }
}

function failed(error: unknown): FetchJsonResult {
  const name = error instanceof Error ? error.name : "";
  return { ok: false, reason: name === "TimeoutError" || name === "AbortError" ? "timeout" : "network error" };
}
