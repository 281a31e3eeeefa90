/** 2637.476 -> "$2,637.48"; whole amounts keep no cents: 2500 -> "$2,500". */
export function usd(value: number): string {
  const cents = Number.isInteger(value) ? 0 : 2;
  return value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents,
    maximumFractionDigits: cents,
  });
}
