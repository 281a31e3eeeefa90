// The local parts of mailboxes that belong to a role, not a person (docs/product/screening.md#e-mail): a lead
// who gives info@ or support@ is not who a lender may call back as the applicant. Compared lower-cased, with any
// +tag dropped ("Sales+loans@" is sales@).

const ROLE_MAILBOXES: ReadonlySet<string> = new Set([
  "info",
  "admin",
  "administrator",
  "support",
  "sales",
  "contact",
  "office",
  "webmaster",
  "postmaster",
  "hostmaster",
  "abuse",
  "noreply",
  "no-reply",
  "billing",
  "help",
  "hello",
  "team",
  "marketing",
  "hr",
  "jobs",
  "careers",
  "enquiries",
  "inquiries",
  "service",
  "accounts",
  "root",
  "security",
  "privacy",
  "legal",
  "mail",
]);

/** Whether the address's mailbox is a role's: its local part, lower-cased and without a +tag, is on the list. */
export function isRoleMailbox(email: string): boolean {
  const at = email.lastIndexOf("@");
  const local = (at < 0 ? email : email.slice(0, at)).toLowerCase();
  const plus = local.indexOf("+");
  return ROLE_MAILBOXES.has(plus < 0 ? local : local.slice(0, plus));
}
