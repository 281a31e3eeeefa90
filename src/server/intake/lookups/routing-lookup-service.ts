import { z } from "zod";
import type { BankNameSource } from "./bank-name-source.ts";
import { fetchJson } from "./fetch-json.ts";
import type { TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import type { WarnLog } from "./warn-log.ts";

// A hosted routing-number lookup in the routingnumbers.info style: GET {base}/api/data.json?rn=<aba>
// answers { code: 200, customer_name } or { code: 404 }. Called from the server only, so the key never
// reaches the browser (docs/product/server-calls.md#server-contract); it is sent as a header, keeping it out of URLs.
const answerSchema = z.object({
  code: z.number(),
  customer_name: z.string().optional(),
});

export function createRoutingLookupService(options: {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  timeout?: TimeoutSignal;
  log: WarnLog;
  /** guardedFetch(app.outboundGuard): the address is configuration (docs/decisions/0040-outbound-guard.md). */
  fetch: typeof globalThis.fetch;
}): BankNameSource {
  const endpoint = new URL("api/data.json", options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
  const headers: Record<string, string> = options.apiKey ? { "x-api-key": options.apiKey } : {};

  return {
    name: "service",
    async findBankName(routingNumber) {
      const url = new URL(endpoint);
      url.searchParams.set("rn", routingNumber);
      const answer = await fetchJson(url, {
        timeoutMs: options.timeoutMs,
        timeout: options.timeout,
        headers,
        fetch: options.fetch,
      });
      // Some services answer an unknown number with HTTP 404 rather than code 404: not a failure.
      if (!answer.ok && answer.status === 404) return undefined;
      const parsed = answer.ok ? answerSchema.safeParse(answer.body) : undefined;
      if (!parsed?.success) {
        const reason = answer.ok ? "unexpected answer" : answer.reason;
        options.log.warn(
          { lookup: "routing", source: "service", reason },
          "routing lookup service failed; treating the number as unknown",
        );
        return undefined;
      }
      const name = parsed.data.customer_name?.trim();
      return parsed.data.code === 200 && name ? name : undefined;
    },
  };
}
