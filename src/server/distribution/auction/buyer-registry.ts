import { readFileSync, statSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { buyers } from "../../platform/db/schema.ts";
import { BuyerConfigError, buyerSchema, parseBuyers, type Buyer } from "./buyer-config.ts";

// The buyers an auction sees (docs/product/lender-network.md#buyers): the BUYERS_FILE entries, then the
// `buyers` table, whose rows replace file entries of the same id. Both are read again for every auction
// (the file only when its modification time changed), so an operator's change needs no restart.

export type BuyerRegistry = { current(): Promise<Buyer[]> };

/** Where a buyer's configuration comes from before the table: the process (simulated lenders) or the file. */
export type SeedSource = "built-in" | "file";

type Warn = (message: string) => void;

/**
 * The buyers of a BUYERS_FILE; a file that cannot be read, is not JSON or holds a bad entry throws one
 * BuyerConfigError naming the file and each buyer and field at fault.
 */
export function readBuyersFile(file: string): Buyer[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new BuyerConfigError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BuyerConfigError(`${file}: not valid JSON`);
  }
  return parseBuyers(json, file);
}

function fileSource(file: string | undefined, warn: Warn) {
  let seen: { mtimeMs: number; buyers: Buyer[] } | undefined;
  const read = (path: string) => {
    const mtimeMs = statSync(path).mtimeMs;
    if (seen?.mtimeMs === mtimeMs) return seen.buyers;
    const parsed = readBuyersFile(path);
    seen = { mtimeMs, buyers: parsed };
    return parsed;
  };
  if (file) read(file); // a broken file stops the start, with the message naming buyer and field
  return () => {
    if (!file) return [];
    try {
      return read(file);
    } catch (error) {
      // A bad edit while running keeps the last good list rather than stopping every sale.
      warn(error instanceof Error ? error.message : "buyers file unreadable");
      return seen?.buyers ?? [];
    }
  };
}

export function createBuyerRegistry(db: Db, options: { file: string | undefined; extra?: Buyer[]; warn: Warn }) {
  const fromFile = fileSource(options.file, options.warn);
  // Each row's last parse, kept while the row is the same version: the table is read for every auction, but
  // decoding and validating twenty configurations each time was a good part of an auction's CPU, and so was
  // reading their text (docs/decisions/0038-auction-cost.md). Each row's version is PostgreSQL's `xmin` (new with
  // every write of the row) with `enabled`; the one statement an auction sends is given the versions already
  // parsed and answers the text of the other rows only, all from one snapshot of the table.
  type Parsed = { version: string; parsed: ReturnType<typeof parseRow> };
  let parsedRows = new Map<string, Parsed>();
  const parseRow = (row: { id: string; text: string; enabled: boolean }) => {
    const config = JSON.parse(row.text) as object;
    return buyerSchema.safeParse({ ...config, id: row.id, enabled: row.enabled });
  };
  const version = sql<string>`${buyers.enabled}::text || ':' || ${buyers}.xmin::text`;
  const readTable = async () => {
    const known = parsedRows;
    const versions = JSON.stringify(Object.fromEntries([...known].map(([id, row]) => [id, row.version])));
    const rows = await db
      .select({
        id: buyers.id,
        version,
        enabled: buyers.enabled,
        text: sql<string | null>`case when (${versions}::jsonb ->> ${buyers.id}) is distinct from ${version}
          then ${buyers.config}::text end`,
      })
      .from(buyers);
    // Rebuilt from this read alone: a row deleted since the last is forgotten with it.
    const next = new Map<string, Parsed>();
    for (const row of rows) {
      const same = row.text === null ? known.get(row.id) : undefined;
      if (same) next.set(row.id, same);
      else if (row.text !== null)
        next.set(row.id, { version: row.version, parsed: parseRow({ ...row, text: row.text }) });
    }
    parsedRows = next;
    return [...next].map(([id, row]) => ({ id, parsed: row.parsed }));
  };
  // Auctions that start together share reads: each would otherwise send the same statement, and after a change
  // each would parse the changed rows again (a burst of a hundred sends, a hundred parses of each). A read already
  // under way began before a caller arriving now, and may miss a change committed just before it: such callers wait
  // for it to end and share the next read, so every caller sees the table as it was at its call or later.
  let reading: ReturnType<typeof readTable> | undefined;
  let following: ReturnType<typeof readTable> | undefined;
  const tableRows = (): ReturnType<typeof readTable> => {
    if (!reading) {
      reading = readTable().finally(() => (reading = undefined));
      return reading;
    }
    following ??= reading
      .catch(() => {})
      .then(() => {
        following = undefined;
        // A read begun since the one waited on began after these callers: theirs to share.
        return reading ?? tableRows();
      });
    return following;
  };
  return {
    /** The buyers before the table, each with its source; a file entry replaces a built-in of the same id. */
    seeds(): Map<string, { buyer: Buyer; source: SeedSource }> {
      const byId = new Map<string, { buyer: Buyer; source: SeedSource }>();
      for (const buyer of options.extra ?? []) byId.set(buyer.id, { buyer, source: "built-in" });
      for (const buyer of fromFile()) byId.set(buyer.id, { buyer, source: "file" });
      return byId;
    },
    async current(): Promise<Buyer[]> {
      const byId = new Map<string, Buyer>();
      for (const b of [...(options.extra ?? []), ...fromFile()]) byId.set(b.id, b);
      for (const { id, parsed } of await tableRows()) {
        if (parsed.success) byId.set(id, parsed.data);
        else {
          options.warn(
            `buyers table row ${id} is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
          );
          byId.delete(id); // a broken row must not leave an older version of the buyer selling
        }
      }
      return [...byId.values()];
    },
  };
}

/** Adds or replaces a buyer in the table, validated like the file (operators and tests use it). */
export async function saveBuyer(db: Db, input: unknown): Promise<Buyer> {
  const [buyer] = parseBuyers([input], "buyer");
  const value = buyer as Buyer;
  await db
    .insert(buyers)
    .values({ id: value.id, config: value, enabled: value.enabled })
    .onConflictDoUpdate({ target: buyers.id, set: { config: value, enabled: value.enabled, updatedAt: new Date() } });
  return value;
}
