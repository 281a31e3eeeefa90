import type { Answers, ScreeningCheck } from "../gate/screening-check.ts";
import { JORNAYA_ADAPTER, type JornayaCertificates } from "./jornaya-certificates.ts";
import { TRUSTEDFORM_ADAPTER, type TrustedFormCertificates } from "./trustedform-certificates.ts";

// The lead's consent certificate as a check of the gate (docs/product/screening.md#consent-certificates): its
// TrustedForm certificate, matched to its e-mail and phone, or else its Jornaya LeadiD token, verified with the
// vendor the operator has a key for. A lead with neither is "none"; one whose evidence no configured vendor can
// read is "unknown". Claiming a certificate (claimed, claim_failed) happens once the lead is sold, not here.

export type CertificateCheckOptions = {
  /** Set when TrustedForm is configured (TRUSTEDFORM_API_KEY). */
  trustedForm?: TrustedFormCertificates;
  /** Set when Jornaya is configured (JORNAYA_API_KEY, JORNAYA_ACCOUNT_CODE). */
  jornaya?: JornayaCertificates;
  timeoutMs: number;
};

export function createCertificateCheck(options: CertificateCheckOptions): ScreeningCheck {
  const { trustedForm, jornaya } = options;
  if (!trustedForm && !jornaya) throw new Error("a certificate check needs TrustedForm or Jornaya");
  return {
    name: "certificates",
    answers: ["consent_certificate"],
    timeoutMs: options.timeoutMs,
    // A call is counted under the vendor its answer names (gate.ts); a failure, under TrustedForm's when configured.
    adapter: trustedForm ? TRUSTEDFORM_ADAPTER : JORNAYA_ADAPTER,
    async run(input, signal): Promise<Answers> {
      if (input.trustedFormUrl && trustedForm) {
        const verified = await trustedForm.verify(input.trustedFormUrl, input, signal);
        return { consent_certificate: { ...verified, source: TRUSTEDFORM_ADAPTER } };
      }
      if (input.jornayaLeadId && jornaya) {
        const verified = await jornaya.verify(input.jornayaLeadId, signal);
        return { consent_certificate: { ...verified, source: JORNAYA_ADAPTER } };
      }
      if (input.trustedFormUrl || input.jornayaLeadId) {
        const vendor = input.trustedFormUrl ? "TrustedForm" : "Jornaya";
        return {
          consent_certificate: {
            answer: "unknown",
            source: "offline",
            detail: `${vendor} is not configured`,
            noCall: true,
          },
        };
      }
      return { consent_certificate: { answer: "none", source: "offline", noCall: true } };
    },
  };
}
