import { enterFromEmailLink, UNREACHABLE_MESSAGE } from "#web/api/api.ts";
import { saveLeadId } from "./lead-session.ts";
import { forgetTemporaryContact, trimUserAgent } from "./temporary-contact.ts";
import { readAttribution } from "#web/site/attribution.ts";
import { EMAIL_LINK_PARAM } from "#domain/mail-links.ts";

// A visitor arriving from one of our e-mails has `?email=…&loan_reason=…` (and, when the e-mail offered to
// resume an application, `&resume_token=…`) in the address (docs/product/behaviour.md#resume-logic). The
// landing page covers itself with a loading overlay, the server starts or resumes the lead, and the
// visitor goes to the first unfinished step.
export const LOAN_REASON_FROM_URL_KEY = "loanReasonFromURL";

export type EmailLinkArrival = { email: string; loanReason: string; resumeToken: string | undefined };

export function readEmailLinkArrival(search: string): EmailLinkArrival | undefined {
  const params = new URLSearchParams(search);
  const email = params.get(EMAIL_LINK_PARAM.email)?.trim();
  const loanReason = (params.get(EMAIL_LINK_PARAM.loanReason) ?? params.get(EMAIL_LINK_PARAM.loanReasonAlias))?.trim();
  if (!email || !loanReason) return undefined;
  return { email, loanReason, resumeToken: params.get(EMAIL_LINK_PARAM.resumeToken) ?? undefined };
}

/** The loan reason an e-mail link brought, if one did (the legal name screen then asks the amount). */
export function readLoanReasonFromUrl(storage: Storage = sessionStorage): string | undefined {
  try {
    return storage.getItem(LOAN_REASON_FROM_URL_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function rememberLoanReason(loanReason: string, storage: Storage): void {
  try {
    storage.setItem(LOAN_REASON_FROM_URL_KEY, loanReason);
  } catch {
    // Storage disabled: the legal name screen then keeps the amount the lead already has.
  }
}

/** What the entry came to: the route of the first unfinished step, or why the link could not be used. */
export type EmailLinkEntry = { ok: true; path: string } | { ok: false; message: string };

export const EMAIL_LINK_BROKEN =
  "This link is not complete, so we could not open your application. You can start a new request below.";

/**
 * Starts (or, with a valid resume token, resumes) the visitor's lead from the link. A link the server
 * would refuse (a malformed e-mail, an unknown loan reason) is not sent at all; a network failure is
 * reported the same way, and the visitor can still use the quick start.
 */
export async function enterByEmailLink(
  arrival: EmailLinkArrival,
  storage: Storage = sessionStorage,
  userAgent: string = navigator.userAgent,
): Promise<EmailLinkEntry> {
  // The lead contract (zod and every field's rule) is imported only when a visitor arrives by an e-mail link,
  // not with every landing page (docs/decisions/0024-landing-performance.md).
  const contract = await import("#domain/contracts/lead.ts").catch(() => undefined);
  if (!contract) return { ok: false, message: UNREACHABLE_MESSAGE };
  const { emailLinkRequest } = contract;
  const body = emailLinkRequest.safeParse({
    email: arrival.email,
    loan_reason: arrival.loanReason,
    resume_token: arrival.resumeToken,
    user_agent: trimUserAgent(userAgent),
    utm_source: readAttribution(storage).utm_source,
  });
  if (!body.success) return { ok: false, message: EMAIL_LINK_BROKEN };
  const result = await enterFromEmailLink(body.data);
  if (!result.ok || !result.data)
    return { ok: false, message: result.status === 400 ? EMAIL_LINK_BROKEN : result.message };
  rememberLoanReason(body.data.loan_reason, storage);
  // The lead now carries everything the quick start would have: an earlier visit's answers must not mix in.
  forgetTemporaryContact(storage);
  saveLeadId(result.data.contact.lead_id, storage);
  return { ok: true, path: result.data.resume_path };
}
