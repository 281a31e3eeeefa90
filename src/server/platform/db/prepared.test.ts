import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "./database.ts";
import { executeShaped } from "./prepared.ts";

describe("executeShaped", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("answers as db.execute does, builds each shape once, and on PostgreSQL parses each text once per connection under a name of its own", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const builds: string[] = [];
    const doubled = (tag: string) => () => {
      builds.push(tag);
      return sql`select ${sql.placeholder("n")}::int * 2 as doubled, ${sql.raw(`'${tag}'`)} as tag`;
    };
    const named = await executeShaped(db, "test-doubled", "x", doubled("x"), { n: 21 });
    const plain = await db.execute(sql`select ${21}::int * 2 as doubled, 'x' as tag`);
    expect(named.rows).toEqual([{ doubled: 42, tag: "x" }]);
    expect(named.rows).toEqual((plain as unknown as { rows: unknown[] }).rows);

    // One connection (a transaction's): the same shape twice is one prepared statement; another shape, another.
    const prepared = await db.transaction(async (tx) => {
      await executeShaped(tx, "test-doubled", "x", doubled("x"), { n: 1 });
      expect((await executeShaped(tx, "test-doubled", "x", doubled("x"), { n: 2 })).rows).toEqual([
        { doubled: 4, tag: "x" },
      ]);
      expect((await executeShaped(tx, "test-doubled", "y", doubled("y"), { n: 3 })).rows).toEqual([
        { doubled: 6, tag: "y" },
      ]);
      if (database!.driver !== "postgres") return [];
      const rows = await tx.execute(
        sql`select name, statement from pg_prepared_statements where name like 'test-doubled-%'`,
      );
      return (rows as unknown as { rows: { name: string; statement: string }[] }).rows;
    });
    // Built once per shape, whatever the values and the connection.
    expect(builds).toEqual(["x", "y"]);
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
