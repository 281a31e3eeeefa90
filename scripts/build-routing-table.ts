// Makes the routing table the product ships and commits (src/server/intake/lookups/data/routing-directory.generated.txt)
// from a FedACH participant directory file, with the parser the server uses for ROUTING_FEDACH_FILE.
// Only for when a new directory comes out: the server reads the committed table, never this script
// (docs/decisions/0011-routing-directory.md).
//
//   node scripts/build-routing-table.ts <FedACHdir.txt> [--date YYYY-MM] [--out FILE]
//
// --date names the month the directory stands for (its edition). Without it the table is dated by the
// newest change date in the file, which the directory always reaches. A --date before that is refused.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parseFedAchDirectory } from "../src/server/intake/lookups/fedach-format.ts";
import { formatRoutingDirectory } from "../src/server/intake/lookups/routing-directory-format.ts";

const SHIPPED_TABLE = fileURLToPath(
  new URL("../src/server/intake/lookups/data/routing-directory.generated.txt", import.meta.url),
);
const USAGE = "usage: node scripts/build-routing-table.ts <FedACHdir.txt> [--date YYYY-MM] [--out FILE]";

async function build(): Promise<string> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { date: { type: "string" }, out: { type: "string" } },
  });
  if (positionals.length !== 1) throw new Error(USAGE);
  const [input] = positionals as [string];
  const out = values.out ?? SHIPPED_TABLE;

  const { names, newestChange, skipped } = parseFedAchDirectory(await readFile(input, "utf8"));
  // A committed table must be the whole directory: a damaged download is refused, not half used.
  if (skipped > 0) throw new Error(`${input}: ${skipped} lines do not fit the FedACH layout`);
  if (names.size === 0) throw new Error(`${input}: no routing number`);
  if (!newestChange) throw new Error(`${input}: no line has a change date`);
  if (values.date !== undefined) {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(values.date)) throw new Error(`--date ${values.date}: not YYYY-MM`);
    if (values.date < newestChange.slice(0, 7)) {
      throw new Error(`--date ${values.date} is older than the directory's newest change, ${newestChange}`);
    }
  }
  const directoryDate = values.date ?? newestChange;

  const regenerate = `node scripts/build-routing-table.ts <FedACHdir.txt>${values.date ? ` --date ${values.date}` : ""}`;
  const text = formatRoutingDirectory({ directoryDate, newestChange, names }, [
    "GENERATED from a FedACH participant directory file by scripts/build-routing-table.ts; do not edit.",
    `Regenerate: ${regenerate}`,
    "What it holds and why: docs/decisions/0011-routing-directory.md",
  ]);
  await writeFile(out, text);
  return (
    `build-routing-table: ${names.size} routing numbers, directory date ${directoryDate} ` +
    `(newest change ${newestChange}), ${Buffer.byteLength(text)} bytes -> ${path.relative(process.cwd(), out)}`
  );
}

build().then(
  (summary) => console.log(summary),
  (error: unknown) => {
    console.error(`build-routing-table: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
