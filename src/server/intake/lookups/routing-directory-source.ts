import { readFile } from "node:fs/promises";
import type { BankNameSource } from "./bank-name-source.ts";
import { parseRoutingDirectory, type RoutingDirectory } from "./routing-directory-format.ts";
import type { InfoWarnLog } from "./warn-log.ts";

// The routing table the product ships: bank names of the FedACH participant directory, made by
// scripts/build-routing-table.ts and committed, so no run needs the directory file or the script
// (docs/decisions/0011-routing-directory.md).
const SHIPPED_FILE = new URL("./data/routing-directory.generated.txt", import.meta.url);

export function loadShippedRoutingDirectory(): Promise<RoutingDirectory> {
  return readFile(SHIPPED_FILE, "utf8").then(parseRoutingDirectory);
}

/**
 * Reads the table on the first lookup, once (442 KB of text, 2.4 MB of heap once read; most processes never need it), and logs
 * which directory date it answers from. A table that cannot be read logs a warning and answers "not known".
 */
export function createShippedDirectorySource(options: {
  log: InfoWarnLog;
  load?: () => Promise<RoutingDirectory>;
}): BankNameSource {
  const load = options.load ?? loadShippedRoutingDirectory;
  let loading: Promise<ReadonlyMap<string, string>> | undefined;

  async function names(): Promise<ReadonlyMap<string, string>> {
    const context = { lookup: "routing", source: "table" };
    try {
      const directory = await load();
      options.log.info(
        {
          ...context,
          directoryDate: directory.directoryDate,
          newestChange: directory.newestChange,
          routingNumbers: directory.names.size,
        },
        `routing numbers named from the FedACH directory of ${directory.directoryDate}`,
      );
      return directory.names;
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      options.log.warn({ ...context, reason }, "shipped routing directory could not be read; not using it");
      return new Map();
    }
  }

  return {
    name: "table",
    async findBankName(routingNumber) {
      loading ??= names();
      return (await loading).get(routingNumber);
    },
  };
}
