import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomSecrets } from "../../../../tests/helpers/test-app.ts";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { screeningListEntries, screeningLists } from "../../platform/db/schema.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import {
  createList,
  deleteList,
  INSERT_BATCH,
  linesOf,
  listLists,
  listMatches,
  renameList,
  replaceEntries,
  type ScreeningList,
} from "./list-store.ts";

// The operator's lists as stored (docs/product/screening.md#lists): keyed hashes of the phones, replaced whole by
// each upload, matched by a lead's phone hash.

const { tokenSecret } = randomSecrets();
const hashOf = (phone: string) => personHash(tokenSecret, "phone", phone)!;

/** The n-th of a run of distinct phones: area code 201 on, seven digits from 5550000. */
const phoneNumber = (n: number) => String(2_015_550_000 + n);

describe("the screening list store", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const created = async (name: string, kind: "do_not_call" | "litigator") => {
    const list = await createList(database.db, { name, kind }, null);
    if (list === "name taken") throw new Error(`${name} taken`);
    return list;
  };

  it("keeps names unique whatever their case, renames and deletes", async () => {
    const db = database.db;
    const dnc = await created("Operator DNC", "do_not_call");
    expect(dnc).toMatchObject({ name: "Operator DNC", kind: "do_not_call", entries: 0 });
    expect(dnc.id).toMatch(/^lst_[A-Za-z0-9_-]{12}$/);
    expect(await createList(db, { name: "operator dnc", kind: "litigator" }, null)).toBe("name taken");

    const other = await created("Vendor litigators", "litigator");
    expect(await renameList(db, other.id, "OPERATOR DNC", null)).toBe("name taken");
    // Its own name in another case is no clash.
    expect(await renameList(db, dnc.id, "Operator dnc", null)).toMatchObject({ id: dnc.id, name: "Operator dnc" });
    expect(await renameList(db, "lst_nobody", "Whatever", null)).toBeNull();

    // Two creates at once of one name: one list.
    const both = await Promise.all([
      createList(db, { name: "Twice", kind: "do_not_call" }, null),
      createList(db, { name: "TWICE", kind: "do_not_call" }, null),
    ]);
    expect(both.filter((b) => b === "name taken")).toHaveLength(1);

    expect((await listLists(db)).map((l) => l.name)).toEqual(["Operator dnc", "Twice", "Vendor litigators"]);
    expect((await deleteList(db, other.id))?.name).toBe("Vendor litigators");
    expect(await deleteList(db, other.id)).toBeNull();
    expect((await listLists(db)).map((l) => l.name)).toEqual(["Operator dnc", "Twice"]);
  });

  it("replaces a list's entries with an upload's phones, counting what it skipped and repeated", async () => {
    const db = database.db;
    const list = await created("Replaced", "do_not_call");
    const first = ["phone", "2015550100", "", "201,5550101", "+1 (201) 555-0102", "not a phone", "2015550100"];
    expect(await replaceEntries(db, tokenSecret, list.id, `${first.join("\r\n")}\r\n`, null)).toEqual({
      entries: 3,
      skipped: 3,
      duplicates: 1,
    });
    expect((await listMatches(db, hashOf("2015550101"))).map((m) => m.listId)).toEqual([list.id]);

    // The second upload is the whole list: what it leaves out is gone.
    expect(await replaceEntries(db, tokenSecret, list.id, "2015550102\n3125550199", null)).toEqual({
      entries: 2,
      skipped: 0,
      duplicates: 0,
    });
    expect(await listMatches(db, hashOf("2015550101"))).toEqual([]);
    expect(await listMatches(db, hashOf("3125550199"))).toEqual([
      { listId: list.id, name: "Replaced", kind: "do_not_call" },
    ]);
    const [row] = await db.select().from(screeningLists).where(eq(screeningLists.id, list.id));
    expect(row?.entries).toBe(2);

    expect(await replaceEntries(db, tokenSecret, "lst_nobody", "2015550102", null)).toBeNull();

    // A file without one phone would empty the list unseen: refused, the list as it was.
    expect(await replaceEntries(db, tokenSecret, list.id, "name,email\n\n", null)).toBe("no phones");
    expect(await replaceEntries(db, tokenSecret, list.id, "", null)).toBe("no phones");
    expect((await listMatches(db, hashOf("3125550199"))).map((m) => m.name)).toEqual(["Replaced"]);
    expect((await listLists(db)).find((l) => l.id === list.id)?.entries).toBe(2);

    // Deleted, the list takes its entries with it.
    await deleteList(db, list.id);
    expect(await listMatches(db, hashOf("3125550199"))).toEqual([]);
    expect(await db.select().from(screeningListEntries).where(eq(screeningListEntries.listId, list.id))).toEqual([]);
  });

  it("takes lines from a stream as from a string, and keeps the old list when an upload fails", async () => {
    const db = database.db;
    const list = await created("Streamed", "litigator");
    async function* lines() {
      yield "2125550001";
      yield "212,5550002";
    }
    expect(await replaceEntries(db, tokenSecret, list.id, lines(), null)).toMatchObject({ entries: 2 });

    // The stream breaks after more than a batch: nothing of it stays, the list as it was does.
    async function* broken() {
      for (let n = 0; n <= INSERT_BATCH; n++) yield phoneNumber(n);
      throw new Error("connection reset");
    }
    await expect(replaceEntries(db, tokenSecret, list.id, broken(), null)).rejects.toThrow("connection reset");
    expect((await listMatches(db, hashOf("2125550002"))).map((m) => m.name)).toEqual(["Streamed"]);
    expect(await listMatches(db, hashOf(phoneNumber(1)))).toEqual([]);
    expect((await listLists(db)).find((l) => l.id === list.id)?.entries).toBe(2);
  });

  it("names every list a phone is on, of either kind", async () => {
    const db = database.db;
    const lists: ScreeningList[] = [
      await created("Match DNC", "do_not_call"),
      await created("Match litigators", "litigator"),
      await created("Match elsewhere", "do_not_call"),
    ];
    await replaceEntries(db, tokenSecret, lists[0]!.id, "6465550123\n6465550124", null);
    await replaceEntries(db, tokenSecret, lists[1]!.id, "16465550123", null);
    await replaceEntries(db, tokenSecret, lists[2]!.id, "6465550124", null);
    expect(await listMatches(db, hashOf("(646) 555-0123"))).toEqual([
      { listId: lists[0]!.id, name: "Match DNC", kind: "do_not_call" },
      { listId: lists[1]!.id, name: "Match litigators", kind: "litigator" },
    ]);
    expect(await listMatches(db, hashOf("6465550199"))).toEqual([]);
  });

  // A backstop well past Vitest's 30 s, not a budget: the embedded database inserts 100,000 rows in seconds, and a
  // loaded machine takes several times that (docs/decisions/0046-tests-under-load.md).
  it("takes a 100,000-line registry file, and stores no number in clear", { timeout: 180_000 }, async () => {
    const db = database.db;
    const list = await created("Registry 201", "do_not_call");
    // The registry's two spellings, alternating.
    const lines = Array.from({ length: 100_000 }, (_, n) => {
      const phone = phoneNumber(n);
      return n % 2 ? phone : `${phone.slice(0, 3)},${phone.slice(3)}`;
    });
    expect(await replaceEntries(db, tokenSecret, list.id, lines.join("\n"), "op_someone")).toEqual({
      entries: 100_000,
      skipped: 0,
      duplicates: 0,
    });
    for (const n of [0, 1, 54_321, 99_999]) {
      expect((await listMatches(db, hashOf(phoneNumber(n)))).map((m) => m.name)).toEqual(["Registry 201"]);
    }
    expect(await listMatches(db, hashOf(phoneNumber(100_000)))).toEqual([]);
    expect((await listLists(db)).find((l) => l.id === list.id)).toMatchObject({
      entries: 100_000,
      updatedBy: "op_someone",
    });

    const stored = JSON.stringify([
      await db.select().from(screeningListEntries).where(eq(screeningListEntries.listId, list.id)),
      await db.select().from(screeningLists),
    ]);
    expect(stored).toContain(hashOf(phoneNumber(54_321)));
    for (const n of [0, 1, 54_321, 99_999]) expect(stored).not.toContain(phoneNumber(n));
  });
});

describe("an upload's lines", () => {
  it("are read one at a time, a final line without its newline included", () => {
    expect([...linesOf("a\r\nb\n\nc")]).toEqual(["a", "b", "", "c"]);
    expect([...linesOf("a\n")]).toEqual(["a"]);
    expect([...linesOf("")]).toEqual([]);
  });
});
