// The address parameters of a link in one of our e-mails (docs/product/behaviour.md#resume-logic). The landing
// page acts on them as it opens, so a page whose address carries one starts its app at once
// (docs/decisions/0025-hydrate-on-intent.md); the build reads this list, so it imports nothing.
export const EMAIL_LINK_PARAM = {
  email: "email",
  loanReason: "loan_reason",
  loanReasonAlias: "loanReason",
  resumeToken: "resume_token",
} as const;

export const EMAIL_LINK_PARAM_NAMES: readonly string[] = Object.values(EMAIL_LINK_PARAM);
