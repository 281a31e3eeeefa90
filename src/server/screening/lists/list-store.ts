import { randomBytes } from "node:crypto";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { ScreeningListKind } from "#domain/contracts/console-screening-lists.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { operators, screeningListEntries, screeningLists } from "../../platform/db/schema.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import { phoneOfLine } from "./list-lines.ts";

// The operator's do-not-call and litigator lists (docs/product/screening.md#lists), kept as keyed hashes of the phone
// (person-hash.ts), never as numbers: a list is a copy of the registry or a vendor's file, and the database need not
// hold a million phones in clear to answer whether a lead's is among them. Names are unique whatever their case; the
// table has no index for that, so every write of a name takes one lock and checks.

export type ScreeningList = {
  id: string;
  name: string;
  kind: ScreeningListKind;
  entries: number;
  updatedAt: Date;
  /** The operator's id (operators.id), null when none. */
  updatedBy: string | null;
};

/** One match of a phone: the list, so the check can name it. */
export type ListMatch = { listId: string; name: string; kind: ScreeningListKind };

/** An upload's count (console-screening-lists.ts `screeningListUploadAnswer`). */
export type UploadCount = { entries: number; skipped: number; duplicates: number };

/** Phones hashed and inserted per statement. */
export const INSERT_BATCH = 5_000;

const NAMES_LOCK = "screening-list-names";

type Row = typeof screeningLists.$inferSelect;

const listOf = (r: Row): ScreeningList => ({
  id: r.id,
  name: r.name,
  kind: r.kind as ScreeningListKind,
  entries: r.entries,
  updatedAt: r.updatedAt,
  updatedBy: r.updatedBy,
});

async function nameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${NAMES_LOCK}))`);
  const same = sql`lower(${screeningLists.name}) = lower(${name})`;
  const [hit] = await tx
    .select({ id: screeningLists.id })
    .from(screeningLists)
    .where(exceptId ? and(same, ne(screeningLists.id, exceptId)) : same)
    .limit(1);
  return hit !== undefined;
}

/** A new, empty list; "name taken" when another has its name, in any case. */
export async function createList(
  db: Db,
  list: { name: string; kind: ScreeningListKind },
  by: string | null,
): Promise<ScreeningList | "name taken"> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, list.name)) return "name taken";
    const [row] = await tx
      .insert(screeningLists)
      .values({ id: `lst_${randomBytes(9).toString("base64url")}`, name: list.name, kind: list.kind, updatedBy: by })
      .returning();
    return listOf(row!);
  });
}

/** Renames a list; null when there is none, "name taken" when another has the name. */
export async function renameList(
  db: Db,
  id: string,
  name: string,
  by: string | null,
): Promise<ScreeningList | null | "name taken"> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, name, id)) return "name taken";
    const [row] = await tx
      .update(screeningLists)
      .set({ name, updatedAt: sql`now()`, updatedBy: by })
      .where(eq(screeningLists.id, id))
      .returning();
    return row ? listOf(row) : null;
  });
}

/** Deletes a list and its entries (the foreign key cascades); the list as it was, or null when there was none. */
export async function deleteList(db: Db, id: string): Promise<ScreeningList | null> {
  const [row] = await db.delete(screeningLists).where(eq(screeningLists.id, id)).returning();
  return row ? listOf(row) : null;
}

/** Every list by name, each with the e-mail of the operator who last changed it. */
export async function listLists(db: Db): Promise<(ScreeningList & { updatedByEmail: string | null })[]> {
  const rows = await db
    .select({ list: screeningLists, email: operators.email })
    .from(screeningLists)
    .leftJoin(operators, eq(operators.id, screeningLists.updatedBy))
    .orderBy(sql`lower(${screeningLists.name})`, asc(screeningLists.id));
  return rows.map((r) => ({ ...listOf(r.list), updatedByEmail: r.email }));
}

export async function findList(db: Db, id: string): Promise<ScreeningList | null> {
  const [row] = await db.select().from(screeningLists).where(eq(screeningLists.id, id));
  return row ? listOf(row) : null;
}

/**
 * Replaces a list's entries with the phones of an upload, in one transaction: the gate reads the old list until the
 * new one is whole, and a failed upload leaves the old one. The text is read a line at a time and inserted
 * `INSERT_BATCH` phones at a time, so a registry file of millions of lines holds one batch in memory beside the text
 * (a string, as the console's route has it) or nothing more (lines from a stream). Null when there is no such list,
 * "no phones" when not one line held a phone (nothing changed).
 */
export async function replaceEntries(
  db: Db,
  secret: Buffer,
  id: string,
  text: string | AsyncIterable<string>,
  by: string | null,
): Promise<UploadCount | null | "no phones"> {
  const replaced = db.transaction(async (tx) => {
    // The row first: it holds off a rename, a delete or another upload of this list until this one commits.
    const [list] = await tx
      .update(screeningLists)
      .set({ updatedAt: sql`now()`, updatedBy: by })
      .where(eq(screeningLists.id, id))
      .returning({ id: screeningLists.id });
    if (!list) return null;
    await tx.delete(screeningListEntries).where(eq(screeningListEntries.listId, id));

    let phones = 0;
    let skipped = 0;
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      // The batch as one array parameter, not two parameters a row. A phone twice in the file (or in one batch) is
      // one entry.
      await tx.execute(
        sql`insert into ${screeningListEntries} (list_id, hash) select ${id}, unnest(${sql.param(batch)}::text[]) on conflict do nothing`,
      );
      batch = [];
    };
    for await (const line of typeof text === "string" ? linesOf(text) : text) {
      const phone = phoneOfLine(line);
      if (!phone) {
        skipped++;
        continue;
      }
      phones++;
      batch.push(personHash(secret, "phone", phone)!);
      if (batch.length >= INSERT_BATCH) await flush();
    }
    await flush();
    // An empty file, or the wrong one, would empty a do-not-call list unseen: refused, the list stays as it was.
    if (phones === 0) throw new NoPhones();

    const [counted] = await tx
      .select({ n: count() })
      .from(screeningListEntries)
      .where(eq(screeningListEntries.listId, id));
    const entries = counted?.n ?? 0;
    await tx.update(screeningLists).set({ entries }).where(eq(screeningLists.id, id));
    return { entries, skipped, duplicates: phones - entries };
  });
  return replaced.catch((error: unknown) => {
    if (error instanceof NoPhones) return "no phones" as const;
    throw error;
  });
}

/** Rolls back an upload that held no phone. */
class NoPhones extends Error {}

/** The text's lines, one at a time, without splitting it into an array of them all; "\r\n" ends a line too. */
export function* linesOf(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    yield text.slice(start, end > start && text[end - 1] === "\r" ? end - 1 : end);
    start = end + 1;
  }
}

/**
 * The lists holding this phone (its keyed hash, `personHash(secret, "phone", ...)`): one lookup on the entries'
 * primary key, which leads with the hash.
 */
export async function listMatches(db: Db | Tx, phoneHash: string): Promise<ListMatch[]> {
  const rows = await db
    .select({ listId: screeningLists.id, name: screeningLists.name, kind: screeningLists.kind })
    .from(screeningListEntries)
    .innerJoin(screeningLists, eq(screeningLists.id, screeningListEntries.listId))
    .where(eq(screeningListEntries.hash, phoneHash))
    .orderBy(sql`lower(${screeningLists.name})`);
  return rows.map((r) => ({ ...r, kind: r.kind as ScreeningListKind }));
}
