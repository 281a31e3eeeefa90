import { z } from "zod";
import { fetchJson } from "../../intake/lookups/fetch-json.ts";
import type { TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import type { Answers, ScreeningCheck } from "../gate/screening-check.ts";
import { ServiceFailure } from "../gate/service-failure.ts";

// A TCPA litigator scrub service as a check of the gate (docs/product/screening.md#lists), beside the uploaded
// litigator lists. Our own contract, which a small proxy in front of any vendor, or a vendor's compatible endpoint,
// meets: POST {url} with `authorization: Bearer <key>` and the JSON { "phone": "<10 digits>" }; a 200 answering
// { "listed": boolean, "reason"?: string }. Anything else is the service failing, never "clear".

const LITIGATOR_SCRUB_ADAPTER = "litigator-scrub";

export type LitigatorScrubOptions = {
  /** The scrub endpoint (LITIGATOR_SCRUB_URL). */
  url: string;
  apiKey: string;
  timeoutMs: number;
  /** What ends the call after `timeoutMs`: a wall-clock timer but in tests. */
  timeout?: TimeoutSignal;
  /** guardedFetch(app.outboundGuard): the address is configuration (docs/decisions/0040-outbound-guard.md). */
  fetch: typeof globalThis.fetch;
};

const answerSchema = z.object({ listed: z.boolean(), reason: z.string().optional() });

/** The service's reason, kept short: it is a detail a person reads, not a record. */
const MAX_REASON = 100;

/** Ten digits, a leading country code 1 dropped; undefined when the phone is not a North American number. */
function tenDigitsOf(phone: string | null): string | undefined {
  const digits = (phone ?? "").replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return /^\d{10}$/.test(ten) ? ten : undefined;
}

export function createLitigatorScrubCheck(options: LitigatorScrubOptions): ScreeningCheck {
  const url = new URL(options.url);
  return {
    name: LITIGATOR_SCRUB_ADAPTER,
    answers: ["litigator"],
    timeoutMs: options.timeoutMs,
    adapter: LITIGATOR_SCRUB_ADAPTER,
    async run(input, signal): Promise<Answers> {
      const phone = tenDigitsOf(input.phone);
      if (!phone)
        return { litigator: { answer: "unknown", source: LITIGATOR_SCRUB_ADAPTER, detail: "no phone", noCall: true } };
      const answer = await fetchJson(url, {
        timeoutMs: options.timeoutMs,
        timeout: options.timeout,
        signal,
        body: { phone },
        headers: { authorization: `Bearer ${options.apiKey}` },
        maxBytes: 16 * 1024,
        fetch: options.fetch,
      });
      if (!answer.ok) throw new ServiceFailure(answer.reason === "timeout" ? "timeout" : "failed", answer.reason);
      const parsed = answerSchema.safeParse(answer.body);
      if (!parsed.success) throw new ServiceFailure("failed", "unexpected answer");
      if (!parsed.data.listed) return { litigator: { answer: "clear", source: LITIGATOR_SCRUB_ADAPTER } };
      const reason = parsed.data.reason?.trim().slice(0, MAX_REASON);
      return {
        litigator: { answer: "listed", source: LITIGATOR_SCRUB_ADAPTER, detail: reason || "litigator scrub" },
      };
    },
  };
}
