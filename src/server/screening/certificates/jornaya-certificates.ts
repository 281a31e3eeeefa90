import { z } from "zod";
import { isJornayaToken } from "#domain/consent-vendors.ts";
import { fetchJson } from "../../intake/lookups/fetch-json.ts";
import type { TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import type { VerifyAnswer } from "./trustedform-certificates.ts";

// Jornaya LeadiD's authentication (docs/product/screening.md#consent-certificates): GET
// {apiUrl}/Authenticate?lac=<account code>&id=<token> with the key in `x-api-key`, answering { "authentic": 1 } for
// a token Jornaya issued and witnessed, { "authentic": 0 } for one it did not.

export const JORNAYA_ADAPTER = "jornaya";

export type JornayaOptions = {
  /** Default https://api.leadid.com (JORNAYA_API_URL). */
  apiUrl?: string;
  /** The lead account code (lac) Jornaya gave the operator. */
  accountCode: string;
  apiKey: string;
  timeoutMs: number;
  /** What ends the call after `timeoutMs`: a wall-clock timer but in tests. */
  timeout?: TimeoutSignal;
  /** guardedFetch(app.outboundGuard): the address is configuration (docs/decisions/0040-outbound-guard.md). */
  fetch: typeof globalThis.fetch;
};

export type JornayaCertificates = {
  verify(token: string, signal?: AbortSignal): Promise<VerifyAnswer>;
};

const DEFAULT_JORNAYA_API_URL = "https://api.leadid.com";

const answerSchema = z.object({ authentic: z.union([z.literal(0), z.literal(1)]) });

export function createJornayaCertificates(options: JornayaOptions): JornayaCertificates {
  const base = (options.apiUrl ?? DEFAULT_JORNAYA_API_URL).replace(/\/+$/, "");
  return {
    async verify(token, signal) {
      if (!isJornayaToken(token)) return { answer: "invalid", detail: "not a LeadiD token" };
      const url = new URL(`${base}/Authenticate`);
      url.searchParams.set("lac", options.accountCode);
      url.searchParams.set("id", token);
      const answer = await fetchJson(url, {
        timeoutMs: options.timeoutMs,
        timeout: options.timeout,
        signal,
        headers: { "x-api-key": options.apiKey },
        maxBytes: 16 * 1024,
        fetch: options.fetch,
      });
      if (!answer.ok) throw new ServiceFailure(answer.reason === "timeout" ? "timeout" : "failed", answer.reason);
      const parsed = answerSchema.safeParse(answer.body);
      if (!parsed.success) throw new ServiceFailure("failed", "unexpected answer");
      return parsed.data.authentic === 1 ? { answer: "verified" } : { answer: "invalid", detail: "not authentic" };
    },
  };
}
