import { EMAIL_LINK_PARAM, EMAIL_LINK_PATH } from "#domain/mail-links.ts";
import { publicUrl } from "../../platform/security/link-token.ts";
import type { NewMail } from "../../platform/mail/mail-outbox.ts";
import { issueResumeToken } from "../../intake/leads/resume-token.ts";
import { unsubscribeUrl } from "../../compliance/unsubscribe-link.ts";
import { REMINDER_GAP_HOURS, REMINDER_PURPOSE } from "./reminder-rules.ts";

export type ReminderLinks = {
  tokenSecret: Buffer;
  /** The site's address (PUBLIC_BASE_URL), as every link the product mails. */
  publicBaseUrl: string;
  /** RESUME_TOKEN_TTL_HOURS: how long a resume link works, here at least until the next reminder is due. */
  resumeTokenTtlHours: number;
};

/**
 * The reminder for one lead (docs/product/mail.md#reminders): the landing page's e-mail-link entry with the
 * lead's e-mail, loan reason and a fresh resume token, which opens the application at its first unfinished
 * step (docs/product/behaviour.md#resume-logic), and an unsubscribe link that names no address. No
 * campaign parameter: the application keeps the source it came from.
 */
export function reminderMail(
  links: ReminderLinks,
  lead: { leadId: string; email: string; loanReason: string },
  now: Date,
): NewMail {
  const ttlHours = Math.max(links.resumeTokenTtlHours, REMINDER_GAP_HOURS);
  const until = new Date(now.getTime() + ttlHours * 3_600_000);
  const token = issueResumeToken(links.tokenSecret, { id: lead.leadId, email: lead.email }, ttlHours, now);
  const query = new URLSearchParams({
    [EMAIL_LINK_PARAM.email]: lead.email,
    [EMAIL_LINK_PARAM.loanReason]: lead.loanReason,
    [EMAIL_LINK_PARAM.resumeToken]: token,
  });
  return {
    purpose: REMINDER_PURPOSE,
    to: lead.email.trim().toLowerCase(),
    subject: "Your loan request is saved: pick up where you left off",
    body: [
      "You started a loan request with us and did not finish it. Your answers are saved, and this link opens",
      "your request where you left off:",
      "",
      publicUrl(links.publicBaseUrl, `${EMAIL_LINK_PATH}?${query}`),
      "",
      `The link works until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC. We send at most three reminders.`,
      "",
      "You receive this e-mail because you agreed to e-mails from us when you started your request. To stop",
      "every e-mail, text message and call from us, open this link:",
      unsubscribeUrl(links.tokenSecret, links.publicBaseUrl, lead.leadId, now),
    ].join("\n"),
  };
}
