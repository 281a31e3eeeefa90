/**
 * The ten digits of a US phone as the lead gave it: ten digits, or eleven with the country code 1, whatever
 * separates them; undefined for anything else.
 */
export function usNationalNumber(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return undefined;
}
