// The Federal Reserve's FedACH participant directory (FedACHdir.txt): one fixed-width line per routing
// number. Of its columns (1-based) this reads 1-9 routing number, 21-26 change date (MMDDYY) and 36-71
// customer (bank) name. One parser for both readers, so they read a directory the same way and name banks
// in the same form: scripts/build-routing-table.ts, which makes the shipped table, and the
// ROUTING_FEDACH_FILE source (docs/decisions/0011-routing-directory.md).
const ROUTING_END = 9;
const CHANGE_DATE_START = 20;
const CHANGE_DATE_END = 26;
const NAME_START = 35;
const NAME_END = 71;

export type FedAchDirectory = {
  /** Routing number -> bank name in readable form; a number listed twice keeps its first name. */
  names: Map<string, string>;
  /** The newest change date of any line (YYYY-MM-DD): the directory holds every change up to that day. */
  newestChange: string | undefined;
  /** Lines that do not fit the layout. */
  skipped: number;
};

/**
 * The directory's name as shown to the visitor. Kept in the directory's upper case: the names are cut to
 * 36 columns with abbreviations (FCU, BK, NATL ASSN) and acronyms no casing rule tells from words (OZK,
 * BMO, AAC), so title case would misspell many (decision 0011). Only spacing and doubled commas are tidied.
 */
export function readableBankName(directoryName: string): string {
  return directoryName
    .replace(/\s*,[\s,]*/g, ", ")
    .replace(/\s+/g, " ")
    .trim();
}

/** MMDDYY -> YYYY-MM-DD. Two-digit years 70-99 are 19xx: the directory has no change older than 1970. */
export function fedAchChangeDate(mmddyy: string): string | undefined {
  if (!/^\d{6}$/.test(mmddyy)) return undefined;
  const month = Number(mmddyy.slice(0, 2));
  const day = Number(mmddyy.slice(2, 4));
  const yy = Number(mmddyy.slice(4));
  const date = new Date(Date.UTC(yy >= 70 ? 1900 + yy : 2000 + yy, month - 1, day));
  // Date.UTC rolls 02/30 over into March; such a date is not a date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** Reads the directory's text. Lines that do not fit the layout are counted and skipped. */
export function parseFedAchDirectory(text: string): FedAchDirectory {
  const names = new Map<string, string>();
  let newestChange: string | undefined;
  let skipped = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const routingNumber = line.slice(0, ROUTING_END);
    const name = readableBankName(line.slice(NAME_START, NAME_END));
    if (!/^\d{9}$/.test(routingNumber) || line.length < NAME_END || name === "") {
      skipped++;
      continue;
    }
    if (!names.has(routingNumber)) names.set(routingNumber, name);
    // A line with an unreadable date still names its bank; it just says nothing about the directory's age.
    const changed = fedAchChangeDate(line.slice(CHANGE_DATE_START, CHANGE_DATE_END));
    if (changed && (newestChange === undefined || changed > newestChange)) newestChange = changed;
  }
  return { names, newestChange, skipped };
}
