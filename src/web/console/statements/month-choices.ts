/** How far back the month picker reaches from this month; a month asked by address further back is added. */
const MONTHS_BACK = 36;

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** "October 2026" for "2026-10". */
export function monthName(month: string) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** The months a statement can be asked for, newest first: this one and three years before, and `shown` if apart. */
export function monthChoices(shown: string, now = new Date()) {
  const months: string[] = [];
  for (let back = 0; back <= MONTHS_BACK; back++)
    months.push(monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))));
  if (!months.includes(shown)) months.push(shown);
  return months.sort((a, b) => b.localeCompare(a)).map((value) => ({ value, label: monthName(value) }));
}
