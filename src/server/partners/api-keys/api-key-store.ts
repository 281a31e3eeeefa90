import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { partnerApiKeys } from "../../platform/db/schema.ts";

// Partner API keys (docs/product/partners.md#the-partner-api): a random key shown once when it is issued, kept
// only as its sha256, so whoever reads the database cannot call as a partner. A key belongs to one buyer or one
// publisher and works until it is revoked.

export type PartnerKind = "buyer" | "publisher";
export type PartnerOfKey = { kind: PartnerKind; partnerId: string; keyId: string };
export type ApiKeySummary = {
  id: string;
  label: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

/** `lpb_` for a buyer's key, `lpp_` for a publisher's, then 32 random bytes: a key says whose kind it is. */
const PREFIXES: Record<PartnerKind, string> = { buyer: "lpb_", publisher: "lpp_" };

/** Issues a key; the key itself is returned this once and never again. */
export async function issueApiKey(
  db: Db,
  kind: PartnerKind,
  partnerId: string,
  label: string,
): Promise<{ id: string; key: string; prefix: string }> {
  const key = `${PREFIXES[kind]}${randomBytes(32).toString("base64url")}`;
  const id = `key_${randomBytes(8).toString("hex")}`;
  const prefix = key.slice(0, 10);
  await db.insert(partnerApiKeys).values({ id, partnerKind: kind, partnerId, label, keyHash: hashOf(key), prefix });
  return { id, key, prefix };
}

/** Revokes a partner's key; false when it has no such key, or it was revoked already. */
export async function revokeApiKey(db: Db, kind: PartnerKind, partnerId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(partnerApiKeys)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(partnerApiKeys.id, id),
        eq(partnerApiKeys.partnerKind, kind),
        eq(partnerApiKeys.partnerId, partnerId),
        isNull(partnerApiKeys.revokedAt),
      ),
    )
    .returning({ id: partnerApiKeys.id });
  return rows.length === 1;
}

export async function listApiKeys(db: Db, kind: PartnerKind, partnerId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select()
    .from(partnerApiKeys)
    .where(and(eq(partnerApiKeys.partnerKind, kind), eq(partnerApiKeys.partnerId, partnerId)))
    .orderBy(asc(partnerApiKeys.createdAt), asc(partnerApiKeys.id));
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    prefix: r.prefix,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  }));
}

/**
 * Whose live key this is, noting its use; null for an unknown or revoked key, or one of another `kind` than asked
 * for. With `noteUse: false` it only reads, for a caller that may still refuse the request (the publisher API's
 * scope refuses a disabled publisher) and writes nothing then: it calls `noteKeyUse` once it accepts.
 */
export async function partnerOfKey(
  db: Db,
  key: string,
  options: { kind?: PartnerKind; noteUse?: boolean } = {},
): Promise<PartnerOfKey | null> {
  if (key.length > 200) return null;
  const live = and(
    eq(partnerApiKeys.keyHash, hashOf(key)),
    isNull(partnerApiKeys.revokedAt),
    options.kind === undefined ? undefined : eq(partnerApiKeys.partnerKind, options.kind),
  );
  const columns = { kind: partnerApiKeys.partnerKind, partnerId: partnerApiKeys.partnerId, keyId: partnerApiKeys.id };
  const [row] =
    options.noteUse === false
      ? await db.select(columns).from(partnerApiKeys).where(live)
      : await db
          .update(partnerApiKeys)
          .set({ lastUsedAt: sql`now()` })
          .where(live)
          .returning(columns);
  return row === undefined ? null : { kind: row.kind, partnerId: row.partnerId, keyId: row.keyId };
}

/** Notes that a key was used now (the console shows it), for a caller that looked the key up without noting. */
export async function noteKeyUse(db: Db, keyId: string): Promise<void> {
  await db
    .update(partnerApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(partnerApiKeys.id, keyId));
}
