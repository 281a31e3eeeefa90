import type { Db } from "./database.ts";

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
