/** The address's domain, lower-cased, without a trailing dot; undefined when it has none with a dot in it. */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf("@");
  const domain =
    at < 0
      ? ""
      : email
          .slice(at + 1)
          .trim()
          .toLowerCase()
          .replace(/\.$/, "");
  return domain.includes(".") ? domain : undefined;
}
