import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./database.ts";

// A hot read built once per database handle instead of once per call (docs/decisions/0038-auction-cost.md):
// drizzle's query building cost more CPU than the round trip for the reads an auction repeats. `prepare(name)`
// is also a named statement on PostgreSQL (parsed once per connection); PGlite ignores the name.

/** One prepared query per handle (each test has its own database, a transaction its own session). */
export function preparedPer<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** Past this many texts, a statement goes unnamed: a named statement lives in every connection until it closes. */
const MAX_NAMED_TEXTS = 256;
const namesByText = new Map<string, string>();

function nameOf(prefix: string, text: string): string | undefined {
  let name = namesByText.get(text);
  if (name === undefined && namesByText.size < MAX_NAMED_TEXTS) {
    name = `${prefix}-${createHash("sha1").update(text).digest("base64url").slice(0, 16)}`;
    namesByText.set(text, name);
  }
  return name;
}

type Built = { sql: string; params: unknown[]; name: string | undefined };
const builtByShape = new Map<string, Built>();

/**
 * `db.execute` for a statement built per call whose text takes one of a few shapes (a step's columns), written
 * with placeholders, as a named statement on PostgreSQL: PostgreSQL parses and plans each shape once per
 * connection instead of on every call, about half its work for a small write, and drizzle builds each shape's
 * text once, as costly as that parse (docs/decisions/0038-auction-cost.md). The name is the text's hash, so two
 * texts never share one; PGlite ignores it. `build` must give the same text for the same `shape`. Past
 * MAX_NAMED_TEXTS shapes a statement is built on every call and goes unnamed.
 */
export async function executeShaped(
  db: Db | Tx,
  prefix: string,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<{ rows: Record<string, unknown>[] }> {
  // drizzle's own `execute` with a name: it takes none (0.45), so this reaches the dialect and session it uses.
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const key = `${prefix}:${shape}`;
  let built = builtByShape.get(key);
  if (!built) {
    const query = dialect.sqlToQuery(build());
    built = { ...query, name: nameOf(prefix, query.sql) };
    if (builtByShape.size < MAX_NAMED_TEXTS) builtByShape.set(key, built);
  }
  const prepared = session.prepareQuery(built, undefined, built.name, false);
  return (await prepared.execute(values)) as { rows: Record<string, unknown>[] };
}
