import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { PublisherSettings } from "../../../domain/partners/publisher.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { publishers } from "../../platform/db/schema.ts";
import { violatedConstraint } from "../../platform/db/violated-constraint.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";

// Publishers as stored (docs/product/partners.md#publishers). The postback secret is made here, once per
// publisher, and kept encrypted; it is shown to the operator when the publisher is created and can be replaced.

const SECRET_CONTEXT = "publisher-postback-secret";

export type Publisher = PublisherSettings & { created_at: string; updated_at: string };

type Row = typeof publishers.$inferSelect;

const publisherOf = (r: Row): Publisher => ({
  id: r.id,
  name: r.name,
  aff_id: r.affId,
  payout_kind: r.payoutKind,
  payout_amount: r.payoutAmount,
  hold_days: r.holdDays,
  postback_url: r.postbackUrl,
  enabled: r.enabled,
  posted_min_payout_cents: r.postedMinPayoutCents,
  posted_min_margin_cents: r.postedMinMarginCents,
  posted_cap_hourly: r.postedCapHourly,
  posted_cap_daily: r.postedCapDaily,
  posted_cap_monthly: r.postedCapMonthly,
  time_zone: r.timeZone,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const newSecret = () => randomBytes(32).toString("base64url");

const columnsOf = (p: PublisherSettings) => ({
  name: p.name,
  affId: p.aff_id,
  payoutKind: p.payout_kind,
  payoutAmount: p.payout_amount,
  holdDays: p.hold_days,
  postbackUrl: p.postback_url,
  enabled: p.enabled,
  postedMinPayoutCents: p.posted_min_payout_cents ?? null,
  postedMinMarginCents: p.posted_min_margin_cents ?? null,
  postedCapHourly: p.posted_cap_hourly ?? null,
  postedCapDaily: p.posted_cap_daily ?? null,
  postedCapMonthly: p.posted_cap_monthly ?? null,
  ...(p.time_zone ? { timeZone: p.time_zone } : {}),
});

/** Creates a publisher; its postback secret is returned this once. Null when the id or aff_id is taken. */
export async function createPublisher(
  db: Db | Tx,
  cipher: PiiCipher,
  settings: PublisherSettings,
): Promise<{ publisher: Publisher; postbackSecret: string } | null> {
  const secret = newSecret();
  const [row] = await db
    .insert(publishers)
    .values({
      id: settings.id,
      ...columnsOf(settings),
      postbackSecretEncrypted: cipher.encrypt(secret, `${SECRET_CONTEXT}:${settings.id}`),
    })
    .onConflictDoNothing()
    .returning();
  return row === undefined ? null : { publisher: publisherOf(row), postbackSecret: secret };
}

/**
 * Saves a publisher's settings (its id stays); null when there is none, "aff_id taken" when another has it. The
 * unique index decides, not a read before the write: two saves at once cannot both take one aff_id, and the
 * second is told so rather than answered 500.
 */
export async function updatePublisher(db: Db, settings: PublisherSettings): Promise<Publisher | null | "aff_id taken"> {
  try {
    const [row] = await db
      .update(publishers)
      .set({ ...columnsOf(settings), updatedAt: sql`now()` })
      .where(eq(publishers.id, settings.id))
      .returning();
    return row === undefined ? null : publisherOf(row);
  } catch (error) {
    if (violatedConstraint(error) === AFF_ID_INDEX) return "aff_id taken";
    throw error;
  }
}

const AFF_ID_INDEX = "publishers_aff_id_idx";

/** A new postback secret for a publisher, returned this once; null when there is no such publisher. */
export async function replacePostbackSecret(db: Db, cipher: PiiCipher, id: string): Promise<string | null> {
  const secret = newSecret();
  const [row] = await db
    .update(publishers)
    .set({ postbackSecretEncrypted: cipher.encrypt(secret, `${SECRET_CONTEXT}:${id}`), updatedAt: sql`now()` })
    .where(eq(publishers.id, id))
    .returning({ id: publishers.id });
  return row === undefined ? null : secret;
}

export async function postbackSecretOf(db: Db, cipher: PiiCipher, id: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: publishers.postbackSecretEncrypted })
    .from(publishers)
    .where(eq(publishers.id, id));
  return row === undefined ? null : cipher.decrypt(row.secret, `${SECRET_CONTEXT}:${id}`);
}

export async function listPublishers(db: Db): Promise<Publisher[]> {
  return (await db.select().from(publishers).orderBy(asc(publishers.name), asc(publishers.id))).map(publisherOf);
}

export async function findPublisher(db: Db, id: string): Promise<Publisher | null> {
  const [row] = await db.select().from(publishers).where(eq(publishers.id, id));
  return row === undefined ? null : publisherOf(row);
}

/**
 * Whether a publisher is credited with a lead whose final submission (its auction) came at `submittedAt`: only if the
 * publisher existed then (docs/product/partners.md#publishers). A publisher made later whose aff_id older traffic
 * happened to carry (a seeded database's, or another network's) is credited with none of it.
 */
export const creditedWith = (publisher: Pick<Publisher, "created_at">, submittedAt: Date) =>
  Date.parse(publisher.created_at) <= submittedAt.getTime();

/** The publisher a lead's aff_id ties it to, enabled or not (the caller decides what a disabled one earns). */
export async function publisherByAffId(db: Db, affId: string | undefined | null): Promise<Publisher | null> {
  if (!affId) return null;
  const [row] = await db.select().from(publishers).where(eq(publishers.affId, affId));
  return row === undefined ? null : publisherOf(row);
}
