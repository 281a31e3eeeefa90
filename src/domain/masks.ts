// Input masks of docs/product/validation.md: what the visitor sees while typing, and what is sent (digits only).

/** Digits only: dashes, parentheses, underscores and spaces of a mask removed. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Mask characters removed: spaces, dashes, parentheses, underscores and dots (docs/product/validation.md: "dashes,
 * parentheses, underscores stripped before sending"). Letters stay, so "21a5550123" is refused, not
 * silently shortened.
 */
export function stripMask(value: string): string {
  return value.replace(/[\s()_.-]/g, "");
}

/**
 * A US number's ten digits with the country code +1 dropped: no area code starts with 1, so a leading 1 is
 * always the country code ("+1 (212) 555-1234", "1-212-555-1234").
 */
export function nationalPhoneDigits(value: string): string {
  return digitsOnly(value).replace(/^1/, "");
}

/** (123)-123-1234, built up as digits are typed (mask (999)-999-9999). */
export function formatPhone(value: string): string {
  const d = digitsOnly(value).slice(0, 10);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})-${d.slice(3)}`;
  return `(${d.slice(0, 3)})-${d.slice(3, 6)}-${d.slice(6)}`;
}

/** 123-45-6789, built up as digits are typed. */
export function formatSsn(value: string): string {
  const d = digitsOnly(value).slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** ***-**-6789: the most of an SSN any answer or screen may show (docs/product/security-and-privacy.md). */
export function maskSsn(ssn: string): string {
  return `***-**-${digitsOnly(ssn).slice(-4).padStart(4, "*")}`;
}

/** ****6789: the last `visible` characters, the rest starred. */
export function maskTail(value: string, visible = 4): string {
  const shown = Math.max(0, Math.min(visible, value.length));
  return `${"*".repeat(value.length - shown)}${shown === 0 ? "" : value.slice(-shown)}`;
}
