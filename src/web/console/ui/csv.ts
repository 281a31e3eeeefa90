// A table as CSV (RFC 4180), built in the browser from what a screen holds (a report's answer, a list): every cell quoted when it holds a comma, a
// quote or a line break, and a cell a spreadsheet would run as a formula (starting =, +, -, @, a tab or a carriage
// return: a source or a buyer's name comes from outside) written with a leading apostrophe, as OWASP advises. A
// number is written as it is, so a negative amount stays a number.

export type CsvCell = string | number | null;

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** An amount kept in cents, in dollars for a spreadsheet; nothing for none. */
export const csvDollars = (cents: number | null | undefined): CsvCell =>
  cents === null || cents === undefined ? null : cents / 100;

/** The rows (the header first) as one CSV text, lines ended by CRLF. */
export const toCsv = (rows: readonly (readonly CsvCell[])[]): string =>
  rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";

/** Saves `text` as a file named `name`, with a byte-order mark so a spreadsheet reads it as UTF-8. */
export function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
