import type { SQL } from "drizzle-orm";
import type { Db } from "./database.ts";

/** The rows of a raw query, on PGlite and node-postgres alike. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
