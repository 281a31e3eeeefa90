// The e-mail providers the e-mail screen completes a typed address with (docs/product/screens-and-routes.md,
// e-mail: domain autocomplete), most used first.
const EMAIL_DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "icloud.com", "aol.com", "yandex.com"];

/**
 * Complete addresses for what is typed: once there is an "@" after a name, every provider whose domain
 * starts with what follows it ("ana@g" -> "ana@gmail.com"); none once the domain is typed out.
 */
export function emailCompletions(typed: string): string[] {
  const at = typed.indexOf("@");
  if (at < 1 || typed.indexOf("@", at + 1) >= 0 || /\s/.test(typed)) return [];
  const local = typed.slice(0, at);
  const domain = typed.slice(at + 1).toLowerCase();
  return EMAIL_DOMAINS.filter((d) => d.startsWith(domain) && d !== domain).map((d) => `${local}@${d}`);
}
