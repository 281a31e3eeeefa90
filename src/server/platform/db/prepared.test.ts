import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "./database.ts";
import { executeNamed } from "./prepared.ts";

describe("executeNamed", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("answers as db.execute does, and on PostgreSQL parses each text once per connection under a name of its own", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const doubled = (n: number) => sql`select ${n}::int * 2 as doubled, 'x' as tag`;
    const named = await executeNamed(db, "test-doubled", doubled(21));
    const plain = await db.execute(doubled(21));
    expect(named.rows).toEqual([{ doubled: 42, tag: "x" }]);
    expect(named.rows).toEqual((plain as unknown as { rows: unknown[] }).rows);

    // One connection (a transaction's): the same text twice is one prepared statement; another text, another.
    const prepared = await db.transaction(async (tx) => {
      await executeNamed(tx, "test-doubled", doubled(1));
      expect((await executeNamed(tx, "test-doubled", doubled(2))).rows).toEqual([{ doubled: 4, tag: "x" }]);
      await executeNamed(tx, "test-doubled", sql`select ${3}::int * 2 as doubled, 'y' as tag`);
      if (database!.driver !== "postgres") return [];
      const rows = await tx.execute(
        sql`select name, statement from pg_prepared_statements where name like 'test-doubled-%'`,
      );
      return (rows as unknown as { rows: { name: string; statement: string }[] }).rows;
    });
    if (database.driver === "postgres") {
      expect(prepared).toHaveLength(2);
      expect(new Set(prepared.map((p) => p.name)).size).toBe(2);
      expect(prepared.map((p) => p.statement).sort()).toEqual([
        "select $1::int * 2 as doubled, 'x' as tag",
        "select $1::int * 2 as doubled, 'y' as tag",
      ]);
    }
  });
});
