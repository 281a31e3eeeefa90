import { readFile } from "node:fs/promises";
import type { BankNameSource } from "./bank-name-source.ts";
import { parseFedAchDirectory } from "./fedach-format.ts";
import type { InfoWarnLog } from "./warn-log.ts";

// An operator's copy of the FedACH participant directory (ROUTING_FEDACH_FILE), fresher than the table the
// product ships, so it is asked first (docs/decisions/0011-routing-directory.md). The Fed licenses the
// directory to financial institutions rather than publishing it, so the file is optional.

/**
 * Reads the file on the first lookup, once (about 3 MB; most processes never need it), and logs its newest
 * change date. A missing or unreadable file, or one with no usable line, logs a warning and then answers
 * "not known" for good.
 */
export function createFedAchSource(options: {
  filePath: string;
  log: InfoWarnLog;
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
    const { names, newestChange, skipped } = parseFedAchDirectory(text);
    if (names.size === 0) {
      options.log.warn(
        { ...context, reason: "no usable line" },
        "FedACH directory file is not in the FedACH format; not using it",
      );
      return names;
    }
    if (skipped > 0) {
      options.log.warn(
        { ...context, skipped, loaded: names.size },
        "FedACH directory file has lines that do not fit the format",
      );
    }
    options.log.info(
      { ...context, newestChange: newestChange ?? null, loaded: names.size },
      "FedACH directory file loaded; it is asked before the shipped routing table",
    );
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
