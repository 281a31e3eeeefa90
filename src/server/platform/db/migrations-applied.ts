import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Db } from "./database.ts";

// Whether the database has every migration this build ships: drizzle's migrator records each applied one in
// drizzle.__drizzle_migrations with its journal time (`when`), and applies in journal order, so the latest
// applied time reaching the journal's last says they all are. A database ahead of the build (a newer process
// migrated it) counts as applied: migrations only add (docs/decisions/0004-database.md).

type Journal = { entries: { tag: string; when: number }[] };

const JOURNAL = new URL("./migrations/meta/_journal.json", import.meta.url);

/** The build's migrations (tag, e.g. 0018_rollups_read_from_index, and journal time), oldest first. */
export function shippedMigrations(journalUrl: URL = JOURNAL): Journal["entries"] {
  return (JSON.parse(readFileSync(journalUrl, "utf8")) as Journal).entries;
}

/** PostgreSQL's "no such table" and "no such schema": nothing was ever migrated here. */
const NEVER_MIGRATED = new Set<unknown>(["42P01", "3F000"]);

const codeOf = (error: unknown): unknown =>
  (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;

/** Undefined when every shipped migration is applied; otherwise the tag of the first one missing. */
export async function missingMigration(db: Db, shipped = shippedMigrations()): Promise<string | undefined> {
  let applied = 0;
  try {
    const result = (await db.execute(
      sql`select coalesce(max(created_at), 0)::float8 as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { last: number | string }[] };
    applied = Number(result.rows[0]?.last ?? 0);
  } catch (error) {
    if (!NEVER_MIGRATED.has(codeOf(error))) throw error;
  }
  return shipped.find((migration) => migration.when > applied)?.tag;
}
