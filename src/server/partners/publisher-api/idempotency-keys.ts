import { createHash } from "node:crypto";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db, Tx } from "../../platform/db/database.ts";
import { publisherIdempotencyKeys } from "../../platform/db/schema.ts";
import { PublisherApiError } from "./publisher-api-error.ts";

// A publisher's Idempotency-Key (docs/decisions/0050-publisher-post-api.md#idempotency): the key, its body's hash and
// the lead it made are written in the transaction that writes the lead, so a retry finds either no key (the first
// attempt wrote nothing) or the key with its lead (the first attempt wrote both). Kept per publisher for 7 days.

/** 1 to 100 visible ASCII characters: what a publisher's own request id, UUID or hash is made of. */
const KEY = /^[\x21-\x7e]{1,100}$/;

const IDEMPOTENCY_KEY_DAYS = 7;

/** The request's Idempotency-Key, undefined when it sends none; refused when it is not a usable key. */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers["idempotency-key"];
  if (key === undefined) return undefined;
  if (typeof key !== "string" || !KEY.test(key)) throw new PublisherApiError("invalid_idempotency_key");
  return key;
}

/** The body's SHA-256, hex: what tells a retry (the same body) from a reuse of the key (another body). */
export const bodyHashOf = (raw: string): string => createHash("sha256").update(raw).digest("hex");

export type IdempotencyClaim = { publisherId: string; key: string; bodyHash: string; leadId: string };
export type ClaimOutcome = { kind: "new" } | { kind: "replay"; leadId: string } | { kind: "reused" };

/**
 * Claims the key for `leadId`, in the caller's transaction, which writes the lead, its consent and its auction too.
 * "new": the key is this lead's from now on (if the transaction commits). "replay": an earlier request with the same
 * body made `leadId`; the caller rolls back what it wrote and answers for that lead. "reused": the key came with
 * another body. A concurrent first request's uncommitted row makes the insert wait on its lock (PostgreSQL's
 * `on conflict` does), so the second sees the first's outcome: its committed row (replay), or, had it rolled back,
 * no row and its own insert goes through.
 */
export async function claimIdempotencyKey(tx: Db | Tx, claim: IdempotencyClaim): Promise<ClaimOutcome> {
  const ofKey = and(
    eq(publisherIdempotencyKeys.publisherId, claim.publisherId),
    eq(publisherIdempotencyKeys.key, claim.key),
  );
  // Twice at most: a row the purge deleted between the insert and the read is a key free again.
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await tx
      .insert(publisherIdempotencyKeys)
      .values(claim)
      .onConflictDoNothing()
      .returning({ leadId: publisherIdempotencyKeys.leadId });
    if (inserted.length === 1) return { kind: "new" };
    const [existing] = await tx
      .select({ bodyHash: publisherIdempotencyKeys.bodyHash, leadId: publisherIdempotencyKeys.leadId })
      .from(publisherIdempotencyKeys)
      .where(ofKey);
    if (existing !== undefined)
      return existing.bodyHash === claim.bodyHash ? { kind: "replay", leadId: existing.leadId } : { kind: "reused" };
  }
  throw new Error("idempotency key neither inserted nor found");
}

/** Keys per delete: short transactions, so a post claiming a key never waits long on the purge. */
const BATCH = 1_000;
/** Deletes per pass at most: a large backlog spreads over the next passes. */
const MAX_BATCHES = 50;

/** Deletes keys older than IDEMPOTENCY_KEY_DAYS, oldest first, in batches; a retry after that is a new attempt. */
export async function purgeIdempotencyKeys(
  db: Db,
  now: Date,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<{ idempotencyKeysPurged: number }> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000);
  const size = options.batch ?? BATCH;
  let idempotencyKeysPurged = 0;
  for (let i = 0; i < (options.maxBatches ?? MAX_BATCHES); i++) {
    // Through publisher_idempotency_keys_created_idx; rows another process is deleting are skipped.
    const due = db
      .select({ publisherId: publisherIdempotencyKeys.publisherId, key: publisherIdempotencyKeys.key })
      .from(publisherIdempotencyKeys)
      .where(lt(publisherIdempotencyKeys.createdAt, cutoff))
      .orderBy(asc(publisherIdempotencyKeys.createdAt))
      .limit(size)
      .for("update", { skipLocked: true });
    const deleted = await db
      .delete(publisherIdempotencyKeys)
      .where(sql`(${publisherIdempotencyKeys.publisherId}, ${publisherIdempotencyKeys.key}) in ${due}`)
      .returning({ key: publisherIdempotencyKeys.key });
    idempotencyKeysPurged += deleted.length;
    if (deleted.length < size) break;
  }
  return { idempotencyKeysPurged };
}
