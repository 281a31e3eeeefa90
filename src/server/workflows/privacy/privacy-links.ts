import { issueLinkToken, publicUrl, readLinkToken } from "../../platform/security/link-token.ts";
import type { NewMail } from "../../platform/mail/mail-outbox.ts";
import type { PrivacyRequestRow } from "../../compliance/privacy-request-store.ts";
import { requestTypeRule } from "../../compliance/request-types.ts";

// The links a know or delete request is carried out through (docs/product/privacy-requests.md): sent only
// to the e-mail the request gave, so opening one proves the person reads that mailbox. A link lasts until
// the request's due date and opens nothing but its own request.
export const EXPORT_PURPOSE = "privacy-export";
const LINK_DAYS_AT_LEAST = 7;
export const DELETE_PURPOSE = "privacy-delete";

export const exportPath = (token: string) => `/privacy/export/${token}`;
export const deletePath = (token: string) => `/privacy/delete/${token}`;

export function requestIdFromLink(secret: Buffer, purpose: string, token: string): string | undefined {
  return readLinkToken(secret, purpose, token);
}

/** Where each kind of link leads, and what its token is good for. */
const LINKS = {
  export: { purpose: EXPORT_PURPOSE, path: exportPath },
  delete: { purpose: DELETE_PURPOSE, path: deletePath },
} as const;

/** The mail that carries out a know or delete request; undefined for any other type. */
export function verificationMail(
  secret: Buffer,
  publicBaseUrl: string,
  request: PrivacyRequestRow,
): NewMail | undefined {
  const rule = requestTypeRule(request.requestType);
  if (rule?.handling !== "verified_by_mail" || !request.email || !request.dueAt) return undefined;
  const text = rule.mail;
  const { purpose, path } = LINKS[text.link];
  // Until the due date, and at least a week: a link sent again for an overdue request still works.
  const until = new Date(Math.max(request.dueAt.getTime(), Date.now() + LINK_DAYS_AT_LEAST * 86_400_000));
  const link = publicUrl(publicBaseUrl, path(issueLinkToken(secret, purpose, request.id, until)));
  return {
    purpose,
    to: request.email,
    subject: `${text.subject} (request ${request.id})`,
    body: [
      `${text.asked} (request ${request.id}).`,
      ...text.lines,
      link,
      "",
      `The link works until ${until.toISOString().slice(0, 10)}. If you did not make this request, ignore this e-mail: ${text.ignore}`,
    ].join("\n"),
  };
}
