// ABA routing number checksum: 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) is a multiple of 10.
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

export function isValidAbaChecksum(value: string): boolean {
  if (!/^\d{9}$/.test(value) || value === "000000000") return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * (WEIGHTS[i] as number);
  return sum % 10 === 0;
}
