import { UNSUBSCRIBE_PATH, UNSUBSCRIBE_TOKEN_PARAM } from "#domain/mail-links.ts";
import { issueLinkToken, publicUrl, readLinkToken } from "../platform/security/link-token.ts";

// The unsubscribe link of a marketing e-mail (docs/decisions/0031-resume-reminders.md): it carries a signed
// token for the lead the e-mail was about, never the address, and opening it unsubscribes that lead's e-mail
// and phones in one press, without typing them. The token opens nothing else.
const UNSUBSCRIBE_PURPOSE = "unsubscribe";

/** Long past the 30 days CAN-SPAM wants an opt-out to keep working after the e-mail was sent. */
const UNSUBSCRIBE_LINK_DAYS = 60;

export function unsubscribeUrl(secret: Buffer, publicBaseUrl: string, leadId: string, now: Date): string {
  const until = new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000);
  const token = issueLinkToken(secret, UNSUBSCRIBE_PURPOSE, leadId, until);
  return publicUrl(publicBaseUrl, `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ [UNSUBSCRIBE_TOKEN_PARAM]: token })}`);
}

/** The lead whose e-mail and phones the token unsubscribes, when it is ours and not expired. */
export function unsubscribingLeadId(secret: Buffer, token: string, now = new Date()): string | undefined {
  return readLinkToken(secret, UNSUBSCRIBE_PURPOSE, token, now);
}
