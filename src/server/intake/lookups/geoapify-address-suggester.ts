import { z } from "zod";
import type { AddressQuery, AddressSuggester, AddressSuggestion } from "./address-suggester.ts";
import { fetchJson } from "./fetch-json.ts";
import type { TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import type { ZipDirectory } from "./zip-directory.ts";
import type { WarnLog } from "./warn-log.ts";

export type GeoapifyOptions = {
  /** e.g. https://api.geoapify.com/v1/geocode/autocomplete */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  timeout?: TimeoutSignal;
  zips: ZipDirectory;
  /** Answers whenever the service does not: error, timeout, non-200, malformed or empty answer. */
  fallback: AddressSuggester;
  log: WarnLog;
  /** guardedFetch(app.outboundGuard): the address is configuration (docs/decisions/0040-outbound-guard.md). */
  fetch: typeof globalThis.fetch;
};

// Only the fields we use; anything else in a result is ignored, and a result missing one is skipped.
const resultSchema = z.object({
  address_line1: z.string().trim().min(1),
  city: z.string().trim().min(1),
  state_code: z.string().regex(/^[A-Za-z]{2}$/),
  postcode: z.string().regex(/^\d{5}(-\d{4})?$/),
});
const answerSchema = z.object({ results: z.array(z.unknown()) });

/**
 * Geoapify Address Autocomplete, biased towards the visitor's position (or the zip's centre) and limited
 * to the US. Results in the typed zip come first. The API key travels only in the request to Geoapify:
 * it is never logged and never part of an answer.
 */
export function createGeoapifyAddressSuggester(options: GeoapifyOptions): AddressSuggester {
  const { zips, fallback, log } = options;

  function requestUrl(query: AddressQuery): URL {
    const url = new URL(options.baseUrl);
    const place = zips.lookup(query.zip);
    const lat = query.lat ?? place?.lat;
    const long = query.long ?? place?.long;
    url.searchParams.set("text", query.address);
    url.searchParams.set("filter", "countrycode:us");
    if (lat !== undefined && long !== undefined) url.searchParams.set("bias", `proximity:${long},${lat}`);
    url.searchParams.set("limit", String(query.maxResults));
    url.searchParams.set("format", "json");
    url.searchParams.set("apiKey", options.apiKey);
    return url;
  }

  return {
    async suggest(query) {
      const answer = await fetchJson(requestUrl(query), {
        timeoutMs: options.timeoutMs,
        timeout: options.timeout,
        fetch: options.fetch,
      });
      const parsed = answer.ok ? answerSchema.safeParse(answer.body) : undefined;
      if (!parsed?.success) {
        const reason = answer.ok ? "unexpected answer" : answer.reason;
        log.warn(
          { lookup: "address-suggest", provider: "geoapify", reason },
          "address service failed; answering from the fallback",
        );
        return fallback.suggest(query);
      }
      const suggestions = toSuggestions(parsed.data.results, query);
      // No match is not a failure: the fallback may still know the street.
      return suggestions.length > 0 ? suggestions : fallback.suggest(query);
    },
  };
}

function toSuggestions(results: readonly unknown[], query: AddressQuery): AddressSuggestion[] {
  const seen = new Set<string>();
  const suggestions: AddressSuggestion[] = [];
  for (const result of results) {
    const hit = resultSchema.safeParse(result);
    if (!hit.success) continue;
    const suggestion = {
      address: hit.data.address_line1,
      city: hit.data.city,
      state: hit.data.state_code.toUpperCase(),
      zip: hit.data.postcode.slice(0, 5),
    };
    const key = JSON.stringify(suggestion);
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push(suggestion);
  }
  // Stable sort: the service's order inside each group.
  suggestions.sort((a, b) => Number(b.zip === query.zip) - Number(a.zip === query.zip));
  return suggestions.slice(0, query.maxResults);
}
