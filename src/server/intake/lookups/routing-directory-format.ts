// The shipped routing table's text form (src/server/intake/lookups/data/routing-directory.generated.txt), written
// by scripts/build-routing-table.ts and read by the server (docs/decisions/0011-routing-directory.md).
// Compact and greppable: each bank name once, on one line after all its routing numbers:
//   011000138 011000206<TAB>BANK OF AMERICA, N.A.
// A data line starts with a digit, so no bank name can be taken for a comment or a setting. Settings are
// comment lines "# key: value".

export type RoutingDirectory = {
  /** The month (YYYY-MM) or day (YYYY-MM-DD) the directory stands for. */
  directoryDate: string;
  /** The newest change date in the directory (YYYY-MM-DD). */
  newestChange: string;
  /** Routing number -> bank name. */
  names: ReadonlyMap<string, string>;
};

const DATE = /^\d{4}-\d\d(-\d\d)?$/;
const ROUTING_NUMBER = /^\d{9}$/;
const ROUTING_NUMBERS = /^\d{9}( \d{9})*$/;

function byText(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The file's text, the same for the same directory whatever the order of its lines: banks sorted by name,
 * numbers by value. `header` lines (how it was made, how to remake it) go first, as comments.
 */
export function formatRoutingDirectory(directory: RoutingDirectory, header: readonly string[]): string {
  const numbersByName = new Map<string, string[]>();
  for (const [routingNumber, name] of directory.names) {
    if (!ROUTING_NUMBER.test(routingNumber)) throw new Error(`not a routing number: ${routingNumber}`);
    if (name !== name.trim() || name === "" || /[\t\r\n]/.test(name)) throw new Error(`unusable bank name: ${name}`);
    const numbers = numbersByName.get(name);
    if (numbers) numbers.push(routingNumber);
    else numbersByName.set(name, [routingNumber]);
  }
  const lines = [
    ...header.map((line) => `# ${line}`.trimEnd()),
    `# directory-date: ${directory.directoryDate}`,
    `# newest-change: ${directory.newestChange}`,
    `# routing-numbers: ${directory.names.size}`,
    `# bank-names: ${numbersByName.size}`,
  ];
  for (const name of [...numbersByName.keys()].sort(byText)) {
    lines.push(`${numbersByName.get(name)!.sort(byText).join(" ")}\t${name}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Reads the file's text back. Throws on anything the writer would not have written. */
export function parseRoutingDirectory(text: string): RoutingDirectory {
  const settings = new Map<string, string>();
  const names = new Map<string, string>();
  text.split(/\r?\n/).forEach((line, index) => {
    const fail = (why: string) => new Error(`routing directory line ${index + 1}: ${why}`);
    if (line === "") return;
    if (line.startsWith("#")) {
      const setting = /^# ([a-z-]+): (\S+)$/.exec(line);
      if (setting) settings.set(setting[1]!, setting[2]!);
      return;
    }
    const tab = line.indexOf("\t");
    const name = line.slice(tab + 1);
    if (tab === -1 || name === "") throw fail("no bank name");
    if (!ROUTING_NUMBERS.test(line.slice(0, tab))) throw fail("not routing numbers");
    // One check per line and fixed-width slices: this runs 18,000 times on a visitor's first lookup.
    for (let at = 0; at < tab; at += 10) {
      const routingNumber = line.slice(at, at + 9);
      if (names.has(routingNumber)) throw fail(`${routingNumber} is listed twice`);
      names.set(routingNumber, name);
    }
  });

  const directoryDate = settings.get("directory-date") ?? "";
  const newestChange = settings.get("newest-change") ?? "";
  if (!DATE.test(directoryDate) || !DATE.test(newestChange)) throw new Error("routing directory: no dates");
  // The count guards against a file cut short, which would otherwise read as a smaller directory.
  if (settings.get("routing-numbers") !== String(names.size)) {
    throw new Error(`routing directory: ${names.size} routing numbers, not ${settings.get("routing-numbers")}`);
  }
  return { directoryDate, newestChange, names };
}
