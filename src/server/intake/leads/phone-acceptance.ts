// Numbers the domain pattern lets through but no person answers (docs/product/validation.md: the phone step shows
// "Phone number is invalid!" when the server refuses). NANP rules: the exchange cannot start with 0 or
// 1 or be an N11 service code; 555-0100 to 555-0199 is reserved for fiction; one repeated digit is a
// placeholder, not a number.
export function isCallableUsPhone(digits: string): boolean {
  if (!/^[2-9]\d{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (/^[01]/.test(exchange)) return false;
  if (/^[2-9]11$/.test(area) || /^[2-9]11$/.test(exchange)) return false;
  if (exchange === "555" && /^01\d\d$/.test(line)) return false;
  if (/^(\d)\1{9}$/.test(digits)) return false;
  return true;
}
