import { desc, eq, sql } from "drizzle-orm";
import { changedSettings } from "../../../domain/buyers/config-diff.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { buyers, buyerVersions } from "../../platform/db/schema.ts";
import { buyerSchema, type Buyer } from "../../distribution/auction/buyer-config.ts";
import type { SeedSource } from "../../distribution/auction/buyer-registry.ts";
import { resetPostFailures } from "../../distribution/auction/post-failures.ts";
import { recordAction, type Actor } from "../audit/audit-log.ts";

// The console's side of the buyers (docs/product/lender-network.md#file-and-console): a console save writes the
// `buyers` row, which the registry reads for every auction (no restart), and a new buyer_versions row, in
// one transaction with its audit entry. The audit keeps the changed paths only, never a value, so no
// credential reaches it in clear.

export type VersionRow = typeof buyerVersions.$inferSelect;

/** A buyer as the console sees it: the configuration in force and where it comes from. */
export type ConsoleBuyer = {
  config: Buyer;
  source: "console" | SeedSource;
  overrides: SeedSource | null;
};

export type Seeds = Map<string, { buyer: Buyer; source: SeedSource }>;

/** A row's configuration as the registry reads it; a row that no longer passes the schema is shown as stored. */
function rowConfig(row: typeof buyers.$inferSelect): Buyer {
  const raw = { ...(row.config as object), id: row.id, enabled: row.enabled };
  const parsed = buyerSchema.safeParse(raw);
  return parsed.success ? parsed.data : (raw as Buyer);
}

/** Every buyer: the seeds (built-in, BUYERS_FILE) with the table's rows over them, in id order. */
export async function allBuyers(db: Db, seeds: Seeds): Promise<Map<string, ConsoleBuyer>> {
  const out = new Map<string, ConsoleBuyer>();
  for (const [id, seed] of seeds) out.set(id, { config: seed.buyer, source: seed.source, overrides: null });
  for (const row of await db.select().from(buyers)) {
    out.set(row.id, { config: rowConfig(row), source: "console", overrides: seeds.get(row.id)?.source ?? null });
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

export async function findBuyer(db: Db | Tx, seeds: Seeds, id: string): Promise<ConsoleBuyer | undefined> {
  const [row] = await db.select().from(buyers).where(eq(buyers.id, id));
  const seed = seeds.get(id);
  if (row) return { config: rowConfig(row), source: "console", overrides: seed?.source ?? null };
  return seed ? { config: seed.buyer, source: seed.source, overrides: null } : undefined;
}

/** Newest first. */
export async function versionsOf(db: Db, id: string): Promise<VersionRow[]> {
  return db.select().from(buyerVersions).where(eq(buyerVersions.buyerId, id)).orderBy(desc(buyerVersions.version));
}

export async function latestVersions(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ buyerId: buyerVersions.buyerId, version: sql<number>`max(${buyerVersions.version})::int` })
    .from(buyerVersions)
    .groupBy(buyerVersions.buyerId);
  return new Map(rows.map((r) => [r.buyerId, Number(r.version)]));
}

export type SaveChange = {
  /** The audit action: buyer.create, buyer.update, buyer.pause, buyer.resume, buyer.rollback, buyer.change_request.approve. */
  action: string;
  buyer: Buyer;
  /** The configuration in force before (a seed's, a row's), or none for a new buyer. */
  before: ConsoleBuyer | undefined;
  note?: string | undefined;
  details?: Record<string, unknown>;
};

/** Who version 1 is credited to when it keeps what was in force before the first versioned change. */
const ORIGINS: Record<ConsoleBuyer["source"], { email: string; where: string }> = {
  file: { email: "(BUYERS_FILE)", where: "in BUYERS_FILE" },
  "built-in": { email: "(built-in)", where: "built in" },
  // A row written before versions were kept, or by another tool (the volume seed, a script).
  console: { email: "(buyers table)", where: "in the buyers table" },
};

/**
 * Saves a buyer as a new version. The first versioned change of a buyer that already existed (a BUYERS_FILE or
 * built-in entry, or a `buyers` row with no version yet) first keeps what was in force as version 1, so the
 * history starts from it and can be rolled back to it. Answers the new version's number.
 */
export async function saveVersion(db: Db, actor: Actor, change: SaveChange): Promise<number> {
  return db.transaction(async (tx) => {
    await lockBuyerVersions(tx, change.buyer.id);
    return writeVersion(tx, actor, change);
  });
}

/** Two saves of one buyer at once take turns, so each gets the next number and reads what the other wrote. */
export async function lockBuyerVersions(tx: Tx, buyerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`buyer-version:${buyerId}`}))`);
}

/** saveVersion's writes, in a transaction that holds lockBuyerVersions for the buyer. */
export async function writeVersion(tx: Tx, actor: Actor, change: SaveChange): Promise<number> {
  const { buyer, before } = change;
  const [last] = await tx
    .select({ version: buyerVersions.version })
    .from(buyerVersions)
    .where(eq(buyerVersions.buyerId, buyer.id))
    .orderBy(desc(buyerVersions.version))
    .limit(1);
  let version = last?.version ?? 0;
  if (!last && before) {
    const origin = ORIGINS[before.source];
    version += 1;
    await tx.insert(buyerVersions).values({
      buyerId: buyer.id,
      version,
      config: before.config,
      enabled: before.config.enabled,
      operatorId: null,
      operatorEmail: origin.email,
      note: `as configured ${origin.where} before the first console change`,
    });
  }
  version += 1;
  await tx
    .insert(buyers)
    .values({ id: buyer.id, config: buyer, enabled: buyer.enabled })
    .onConflictDoUpdate({ target: buyers.id, set: { config: buyer, enabled: buyer.enabled, updatedAt: new Date() } });
  await tx.insert(buyerVersions).values({
    buyerId: buyer.id,
    version,
    config: buyer,
    enabled: buyer.enabled,
    operatorId: actor.id,
    operatorEmail: actor.email,
    note: change.note ?? null,
  });
  await recordAction(tx, actor, {
    action: change.action,
    target: buyer.id,
    reason: change.note ?? null,
    details: {
      version,
      changed: before ? changedSettings(before.config, buyer) : ["(new)"],
      ...change.details,
    },
  });
  // Resumed, it counts its failed posts from 0 (docs/product/buyer-money.md#pause-after-post-errors).
  if (before && !before.config.enabled && buyer.enabled) await resetPostFailures(tx, buyer.id);
  return version;
}
