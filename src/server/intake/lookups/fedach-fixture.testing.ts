import fc from "fast-check";

// Small FedACH directories that tests write themselves, in the Fed's layout (docs/decisions/0011-routing-directory.md),
// and routing numbers on either side of the ABA checksum, so no test needs the real directory file.

export type FedAchFixtureEntry = { routingNumber: string; name: string; changed: Date };

function mmddyy(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCFullYear() % 100)}`;
}

/**
 * One 155-column line: routing 1-9, office 10, servicing FRB 11-19, record type 20, change date 21-26,
 * new routing number 27-35, name 36-71, address 72-107, city 108-127, state 128-129, zip+4 130-138,
 * phone 139-148, status 149, data view 150, filler 151-155.
 */
export function fedAchLine({ routingNumber, name, changed }: FedAchFixtureEntry): string {
  if (!/^\d{9}$/.test(routingNumber) || name.length > 36) throw new Error(`cannot lay out ${routingNumber} ${name}`);
  const line = [
    routingNumber,
    "O",
    "011000015",
    "1",
    mmddyy(changed),
    "000000000",
    name.padEnd(36),
    "PO BOX 27025".padEnd(36),
    "RICHMOND".padEnd(20),
    "VA",
    "232617025",
    "8004460135",
    "1",
    "1",
    "     ",
  ].join("");
  if (line.length !== 155) throw new Error(`fixture line is ${line.length} columns`);
  return line;
}

/** The directory's own line ending. */
export function fedAchFile(entries: readonly FedAchFixtureEntry[]): string {
  return entries.map((entry) => `${fedAchLine(entry)}\r\n`).join("");
}

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7] as const;

/** The 9-digit number whose last digit makes the ABA checksum come out. */
function withCheckDigit(firstEight: string): string {
  const sum = [...firstEight].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0);
  return `${firstEight}${(10 - (sum % 10)) % 10}`;
}

export const validRoutingNumber = fc
  .stringMatching(/^\d{8}$/)
  .map(withCheckDigit)
  .filter((n) => n !== "000000000");

/** A valid number with its check digit changed: the checksum can then never come out. */
export const invalidRoutingNumber = fc
  .tuple(validRoutingNumber, fc.integer({ min: 1, max: 9 }))
  .map(([n, shift]) => `${n.slice(0, 8)}${(Number(n[8]) + shift) % 10}`);

/** Names in the directory's alphabet, spaced the way its fixed columns leave them. */
export const directoryBankName = fc
  .string({
    unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.+&'()-/#*=$"),
    minLength: 1,
    maxLength: 36,
  })
  .filter((name) => name.trim() !== "");

export const changeDate = fc.date({
  min: new Date("1970-01-01T00:00:00Z"),
  max: new Date("2069-12-31T00:00:00Z"),
  noInvalidDate: true,
});

export const fedAchEntry = fc.record({
  routingNumber: validRoutingNumber,
  name: directoryBankName,
  changed: changeDate,
});

/** Checksum-valid numbers none of `known` holds, the same ones on every run. */
export function validNumbersOutside(
  known: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  count: number,
): string[] {
  const found: string[] = [];
  for (let seed = 10_000_000; found.length < count; seed += 7_919) {
    const candidate = withCheckDigit(String(seed).padStart(8, "0"));
    if (!known.has(candidate)) found.push(candidate);
  }
  return found;
}
