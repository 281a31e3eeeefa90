// A visitor arriving from one of our e-mails has `?email=…&loan_reason=…` in the address (docs/product/overview.md).
// The funnel issue owns what happens next (create the lead, go to the first unfinished step,
// docs/product/security-and-privacy.md for the resume token); this is the place it plugs in. For now the loan reason is
// remembered under the spec's session key, so the legal-name step can show the loan amount select.
export const LOAN_REASON_FROM_URL_KEY = "loanReasonFromURL";

export type EmailLinkArrival = { email: string; loanReason: string; resumeToken: string | undefined };

export function readEmailLinkArrival(search: string): EmailLinkArrival | undefined {
  const params = new URLSearchParams(search);
  const email = params.get("email")?.trim();
  const loanReason = (params.get("loan_reason") ?? params.get("loanReason"))?.trim();
  if (!email || !loanReason) return undefined;
  return { email, loanReason, resumeToken: params.get("resume_token") ?? undefined };
}

/** The loan reason an e-mail link brought, if one did (the legal name screen then asks the amount). */
export function readLoanReasonFromUrl(storage: Storage = sessionStorage): string | undefined {
  try {
    return storage.getItem(LOAN_REASON_FROM_URL_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function handleEmailLinkArrival(arrival: EmailLinkArrival, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(LOAN_REASON_FROM_URL_KEY, arrival.loanReason);
  } catch {
    // Storage disabled: the visitor simply starts with the quick start form.
  }
}
