import type { Brand } from "#domain/brands.ts";
import { fetchJson } from "../../intake/lookups/fetch-json.ts";
import type { WarnLog } from "../../intake/lookups/warn-log.ts";
import type { TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import type { PartnerSource } from "./partner-source.ts";
import { readPartnerNames } from "./partner-service-answer.ts";

// A hosted partner list: GET {url}?brand=<brand id> answers an object whose keys are the partner names.
// Called from this server only (docs/product/server-calls.md#server-contract), so the key, sent as a header,
// never reaches a browser. A failure answers no partners (docs/product/errors.md: logged, the list stays
// empty), never a list that may be out of date.

/** Far above any real partner list (500 names of 120 characters is about 64 KB). */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Every page with a partner list asks for it: reuse an answer this long rather than ask each time. */
const ANSWER_CACHE_MS = 5 * 60_000;
/** A failure is reused for less, so a service that recovers is asked again soon, but not on every view. */
const FAILURE_CACHE_MS = 30_000;

export type PartnerServiceOptions = {
  url: string;
  apiKey?: string;
  timeoutMs: number;
  timeout?: TimeoutSignal;
  log: WarnLog;
  now?: () => number;
  /** guardedFetch(app.outboundGuard): the address is configuration (docs/decisions/0040-outbound-guard.md). */
  fetch: typeof globalThis.fetch;
};

type Cached = { names: Promise<readonly string[]>; until: number };

export function createPartnerService(options: PartnerServiceOptions): PartnerSource {
  const { log, now = Date.now } = options;
  const headers: Record<string, string> = options.apiKey ? { "x-api-key": options.apiKey } : {};
  const cache = new Map<string, Cached>();

  async function ask(brand: Brand): Promise<{ names: readonly string[]; ok: boolean }> {
    const url = new URL(options.url);
    url.searchParams.set("brand", brand.id);
    const answer = await fetchJson(url, {
      timeoutMs: options.timeoutMs,
      timeout: options.timeout,
      headers,
      maxBytes: MAX_ANSWER_BYTES,
      fetch: options.fetch,
    });
    const reading = answer.ok ? readPartnerNames(answer.body) : answer;
    if (!reading.ok) {
      log.warn(
        { partners: "service", brand: brand.id, reason: reading.reason },
        "partner service failed; the partner list is empty",
      );
      return { names: [], ok: false };
    }
    if (reading.leftOut > 0) {
      log.warn(
        { partners: "service", brand: brand.id, leftOut: reading.leftOut },
        "partner service named partners that are not plain names; they are left out",
      );
    }
    return { names: reading.names, ok: true };
  }

  return {
    partnersOf(brand) {
      const cached = cache.get(brand.id);
      if (cached && cached.until > now()) return cached.names;
      // While the question is out, every request for the brand waits for the same answer.
      const entry: Cached = {
        names: ask(brand).then((result) => {
          entry.until = now() + (result.ok ? ANSWER_CACHE_MS : FAILURE_CACHE_MS);
          return result.names;
        }),
        until: Infinity,
      };
      cache.set(brand.id, entry);
      return entry.names;
    },
  };
}
