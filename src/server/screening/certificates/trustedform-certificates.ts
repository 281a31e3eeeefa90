import { z } from "zod";
import { fetchJson } from "../../intake/lookups/fetch-json.ts";
import type { TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import { ServiceFailure } from "../gate/service-failure.ts";

// TrustedForm's Certificate API v4 (docs/product/screening.md#consent-certificates): every operation is a POST to
// {apiUrl}/{certId}, HTTP Basic auth with the user "API" and the key as password, `api-version: 4.0`. `verify` asks
// only match_lead (does the certificate's visitor have this lead's e-mail or phone?); `claim`, once the lead is sold,
// adds retain, which stores the certificate in our account with the lead's id as its reference. The answer's
// `outcome` is "success" or "failure", and `match_lead.result.success` whether the lead matched. The certificate's
// own URL is never called: only its id travels, to the configured API.

export const TRUSTEDFORM_ADAPTER = "trustedform";

export type TrustedFormOptions = {
  /** Default https://cert.trustedform.com (TRUSTEDFORM_API_URL). */
  apiUrl?: string;
  apiKey: string;
  timeoutMs: number;
  /** What ends the call after `timeoutMs`: a wall-clock timer but in tests. */
  timeout?: TimeoutSignal;
  /** guardedFetch(app.outboundGuard): the address is configuration (docs/decisions/0040-outbound-guard.md). */
  fetch: typeof globalThis.fetch;
};

/** What the certificate is matched against: the lead's e-mail and phone as it gave them. */
type CertificateLead = { email?: string | null; phone?: string | null };

export type VerifyAnswer = { answer: "verified" | "invalid"; detail?: string };
type ClaimAnswer = { answer: "claimed" | "claim_failed"; detail?: string };

export type TrustedFormCertificates = {
  verify(certUrl: string, lead: CertificateLead, signal?: AbortSignal): Promise<VerifyAnswer>;
  claim(certUrl: string, lead: CertificateLead, reference: string, signal?: AbortSignal): Promise<ClaimAnswer>;
};

const DEFAULT_TRUSTEDFORM_API_URL = "https://cert.trustedform.com";

const answerSchema = z.object({
  outcome: z.string(),
  match_lead: z.object({ result: z.object({ success: z.boolean() }) }).optional(),
});

/** HTTP statuses that say the certificate is not there (expired, never made): an answer about it, not a failure. */
const GONE = new Set([404, 410]);

/** The certificate id: the one path segment of a certificate URL (consent-vendors.ts isTrustedFormCertUrl). */
export function trustedFormCertId(certUrl: string): string | undefined {
  try {
    return /^\/([A-Za-z0-9_-]{1,255})$/.exec(new URL(certUrl).pathname)?.[1];
  } catch {
    return undefined;
  }
}

function matchLeadOf(lead: CertificateLead): { email?: string; phone?: string } {
  const email = lead.email?.trim();
  const digits = (lead.phone ?? "").replace(/\D/g, "");
  const phone = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}

export function createTrustedFormCertificates(options: TrustedFormOptions): TrustedFormCertificates {
  const base = (options.apiUrl ?? DEFAULT_TRUSTEDFORM_API_URL).replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`API:${options.apiKey}`).toString("base64")}`;

  /** The certificate's answer: whether it succeeded and the lead matched, or "gone"; throws when there is none. */
  async function operate(certId: string, body: Record<string, unknown>, signal: AbortSignal | undefined) {
    const answer = await fetchJson(new URL(`${base}/${encodeURIComponent(certId)}`), {
      timeoutMs: options.timeoutMs,
      timeout: options.timeout,
      signal,
      body,
      headers: { authorization, "api-version": "4.0" },
      maxBytes: 256 * 1024,
      fetch: options.fetch,
    });
    if (!answer.ok) {
      if (answer.status !== undefined && GONE.has(answer.status)) return "gone" as const;
      throw new ServiceFailure(answer.reason === "timeout" ? "timeout" : "failed", answer.reason);
    }
    const parsed = answerSchema.safeParse(answer.body);
    if (!parsed.success) throw new ServiceFailure("failed", "unexpected answer");
    const { outcome, match_lead } = parsed.data;
    if (outcome !== "success" && outcome !== "failure") throw new ServiceFailure("failed", `outcome ${outcome}`);
    // No e-mail nor phone to match: the outcome alone.
    const matched = "match_lead" in body ? match_lead?.result.success === true : true;
    return { success: outcome === "success", matched };
  }

  function detailOf(result: Awaited<ReturnType<typeof operate>>): string | undefined {
    if (result === "gone") return "certificate expired or not found";
    if (!result.matched) return "lead does not match the certificate";
    return result.success ? undefined : "certificate failed";
  }

  return {
    async verify(certUrl, lead, signal) {
      const certId = trustedFormCertId(certUrl);
      if (!certId) return { answer: "invalid", detail: "not a certificate URL" };
      const match = matchLeadOf(lead);
      const result = await operate(certId, Object.keys(match).length ? { match_lead: match } : {}, signal);
      const detail = detailOf(result);
      return detail ? { answer: "invalid", detail } : { answer: "verified" };
    },
    async claim(certUrl, lead, reference, signal) {
      const certId = trustedFormCertId(certUrl);
      if (!certId) return { answer: "claim_failed", detail: "not a certificate URL" };
      // TrustedForm requires match_lead with retain: a certificate is kept for the lead it came with.
      const result = await operate(certId, { retain: { reference }, match_lead: matchLeadOf(lead) }, signal);
      const detail = detailOf(result);
      return detail ? { answer: "claim_failed", detail } : { answer: "claimed" };
    },
  };
}
