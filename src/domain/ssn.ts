// Social Security numbers the SSA never issues (SSA, "Social Security Number Randomization", 2011):
// area 000, 666 or 900-999, group 00, serial 0000. Lenders refuse them, so the SSN step does too, with
// the spec's format message (docs/product/validation.md).
export function isIssuableSsn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  return (
    area !== "000" && area !== "666" && area[0] !== "9" && digits.slice(3, 5) !== "00" && digits.slice(5) !== "0000"
  );
}
