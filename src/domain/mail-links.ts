// The addresses the product's e-mails link to (docs/product/mail.md), read by the pages they open and
// written by the server that mails them, so both sides name the same parameters. Nothing is imported: the
// build reads the e-mail-link list too (scripts/defer-hydration.ts).

/**
 * The e-mail-link entry on the landing page (docs/product/behaviour.md#resume-logic): a page whose address
 * carries one of these starts its app at once (docs/decisions/0025-hydrate-on-intent.md).
 */
export const EMAIL_LINK_PARAM = {
  email: "email",
  loanReason: "loan_reason",
  loanReasonAlias: "loanReason",
  resumeToken: "resume_token",
} as const;

export const EMAIL_LINK_PARAM_NAMES: readonly string[] = Object.values(EMAIL_LINK_PARAM);

/** The landing page the resume link of a reminder opens. */
export const EMAIL_LINK_PATH = "/";

/**
 * The unsubscribe link of a reminder: /unsubscribe with a signed token that stands for the lead, never the
 * address itself (docs/decisions/0031-resume-reminders.md).
 */
export const UNSUBSCRIBE_PATH = "/unsubscribe";
export const UNSUBSCRIBE_TOKEN_PARAM = "token";
