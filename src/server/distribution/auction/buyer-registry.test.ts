import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { buyers } from "../../platform/db/schema.ts";
import { lenderConfig } from "./auction.testing.ts";
import { createBuyerRegistry, saveBuyer } from "./buyer-registry.ts";

const fake = { url: "http://127.0.0.1:9" };

describe("the buyer registry", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("follows every write of the table, and decodes a row again only when it changed", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const warnings: string[] = [];
    const registry = createBuyerRegistry(db, { file: undefined, warn: (message) => warnings.push(message) });
    await saveBuyer(db, lenderConfig("lender-a", fake));
    await saveBuyer(db, lenderConfig("lender-b", fake));
    const first = await registry.current();
    expect(first.map((b) => b.id).sort()).toEqual(["lender-a", "lender-b"]);

    // A changed row is read again; the unchanged one is the same parse as before.
    await saveBuyer(db, lenderConfig("lender-a", fake, { name: "Lender A, renamed" }));
    const second = await registry.current();
    expect(second.find((b) => b.id === "lender-a")?.name).toBe("Lender A, renamed");
    expect(second.find((b) => b.id === "lender-b")).toBe(first.find((b) => b.id === "lender-b"));

    // Switched off by the column alone, written straight to the table.
    await db.update(buyers).set({ enabled: false }).where(eq(buyers.id, "lender-b"));
    expect((await registry.current()).find((b) => b.id === "lender-b")?.enabled).toBe(false);

    // A row made invalid is left out (no older version keeps selling) and named in a warning.
    await db
      .update(buyers)
      .set({ config: { ...lenderConfig("lender-a", fake), pricing: { kind: "nonsense" } } })
      .where(eq(buyers.id, "lender-a"));
    expect((await registry.current()).map((b) => b.id)).toEqual(["lender-b"]);
    expect(warnings.some((w) => w.includes("buyers table row lender-a is invalid"))).toBe(true);

    // A deleted row is gone at once.
    await db.delete(buyers).where(eq(buyers.id, "lender-b"));
    expect(await registry.current()).toEqual([]);
  });

  it("lets auctions that start together share reads of the table, each begun after its call", async () => {
    database = await createTestDatabase();
    const { db } = database;
    // Counts the registry's reads, and can hold a read's answer back after its statement has run.
    let reads = 0;
    let held: Promise<void> | undefined;
    let answered = () => {};
    const counted = new Proxy(db, {
      get: (target, key) => {
        if (key !== "select") return Reflect.get(target, key) as unknown;
        return (...args: Parameters<typeof db.select>) => {
          reads++;
          const builder = target.select(...args);
          const from = builder.from.bind(builder);
          return Object.assign(builder, {
            from: (...tables: Parameters<typeof from>) => {
              const query = from(...tables);
              const then = query.then.bind(query);
              const hold = held;
              return Object.assign(query, {
                then: (done: (rows: unknown) => unknown, failed: (error: unknown) => unknown) =>
                  then((rows) => {
                    answered();
                    return (hold ?? Promise.resolve()).then(() => done(rows));
                  }, failed),
              });
            },
          });
        };
      },
    });
    const registry = createBuyerRegistry(counted, { file: undefined, warn: () => {} });
    await saveBuyer(db, lenderConfig("lender-a", fake));
    // The first read starts; the nine that arrive while it is under way share the one after it.
    const together = await Promise.all(Array.from({ length: 10 }, () => registry.current()));
    expect(reads).toBe(2);
    // One parse of the new row: every auction holds the same buyer object.
    expect(new Set(together.map((list) => list[0])).size).toBe(1);
    expect(together[0]!.map((b) => b.id)).toEqual(["lender-a"]);

    // A read whose statement ran before a change, still under way when the change is committed: a call made after
    // the change does not take its answer.
    let release = () => {};
    held = new Promise<void>((resolve) => (release = resolve));
    const ran = new Promise<void>((resolve) => (answered = resolve));
    const first = registry.current();
    await ran; // its statement has run; its answer is held
    held = undefined;
    await saveBuyer(db, lenderConfig("lender-a", fake, { name: "Lender A, renamed" }));
    const after = registry.current();
    release();
    expect((await first)[0]?.name).toBe(lenderConfig("lender-a", fake).name);
    expect((await after)[0]?.name).toBe("Lender A, renamed");
  });
});
