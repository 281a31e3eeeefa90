import { readFile } from "node:fs/promises";
import type { BankNameSource } from "./bank-name-source.ts";
import type { WarnLog } from "./warn-log.ts";

// The Federal Reserve's FedACH participant directory (FedACHdir.txt): one fixed-width line per routing
// number, routing number in columns 1-9 and customer name in columns 36-71. The Fed licenses it to
// financial institutions rather than publishing it, so it is optional: ROUTING_FEDACH_FILE names a copy.
const NAME_START = 35;
const NAME_END = 71;

/** Routing number -> bank name, from the directory's text. Lines that do not fit the layout are skipped. */
export function parseFedAchDirectory(text: string): { names: Map<string, string>; skipped: number } {
  const names = new Map<string, string>();
  let skipped = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const routingNumber = line.slice(0, 9);
    const name = line.slice(NAME_START, NAME_END).trim().replace(/\s+/g, " ");
    if (!/^\d{9}$/.test(routingNumber) || line.length < NAME_END || name === "") {
      skipped++;
      continue;
    }
    if (!names.has(routingNumber)) names.set(routingNumber, name);
  }
  return { names, skipped };
}

/**
 * Reads the file on the first lookup, once (about 3 MB; most processes never need it). A missing or
 * unreadable file, or one with no usable line, logs a warning and then answers "not known" for good.
 */
export function createFedAchSource(options: {
  filePath: string;
  log: WarnLog;
  readText?: (filePath: string) => Promise<string>;
}): BankNameSource {
  const readText = options.readText ?? ((filePath: string) => readFile(filePath, "utf8"));
  let loading: Promise<Map<string, string>> | undefined;

  async function load(): Promise<Map<string, string>> {
    const context = { lookup: "routing", source: "fedach", file: options.filePath };
    let text: string;
    try {
      text = await readText(options.filePath);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "read error";
      options.log.warn({ ...context, reason: code }, "FedACH directory file could not be read; not using it");
      return new Map();
    }
    const { names, skipped } = parseFedAchDirectory(text);
    if (names.size === 0) {
      options.log.warn(
        { ...context, reason: "no usable line" },
        "FedACH directory file is not in the FedACH format; not using it",
      );
    } else if (skipped > 0) {
      options.log.warn(
        { ...context, skipped, loaded: names.size },
        "FedACH directory file has lines that do not fit the format",
      );
    }
    return names;
  }

  return {
    name: "fedach",
    async findBankName(routingNumber) {
      loading ??= load();
      return (await loading).get(routingNumber);
    },
  };
}
