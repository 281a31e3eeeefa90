// Free text a partner wrote (a buyer's reason for refusing a lead) may quote the person it is about. Where such text
// is shown to roles that see no personal data, what looks like a way to reach or identify someone is taken out: an
// e-mail address, and any run of seven digits or more (a phone, an SSN, an account number) whatever separates them.
// Names cannot be recognised in free text; the lead's own values are masked where the text is first written.

const EMAIL = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+/gu;
const DIGITS = /\p{Nd}(?:[^\p{L}\p{Nd}]{0,3}\p{Nd}){6,}/gu;

export function withoutContactDetails(text: string): string {
  return text.replace(EMAIL, "[e-mail]").replace(DIGITS, "[number]");
}
