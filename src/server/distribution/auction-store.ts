import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { auctions, buyerCalls, consentRecords } from "../db/schema.ts";
import type { ConsentEvidenceRow } from "./lead-document.ts";
import { periodStart } from "./zoned-time.ts";

// The auction's state in the database (docs/decisions/0018-lender-auction.md): what survives a crash is
// here, so any worker can pick an auction up where another left it.

export type AuctionRow = typeof auctions.$inferSelect;
type NewAuction = Pick<
  typeof auctions.$inferInsert,
  "leadId" | "testMode" | "attribution" | "submission" | "emailHash" | "phoneHash" | "ssnHash" | "deadlineAt"
>;

export async function findAuction(db: Db, leadId: string): Promise<AuctionRow | undefined> {
  const [row] = await db.select().from(auctions).where(eq(auctions.leadId, leadId)).limit(1);
  return row;
}

/**
 * Stores the submission once. Duplicates of the same person (same e-mail, phone or SSN hash within the
 * window) are decided rejected on the spot; advisory locks on the hashes serialise two submissions of the
 * same person arriving together, so the second always sees the first. Answers the row and whether it is new.
 */
export async function createAuction(
  db: Db,
  auction: NewAuction,
  duplicateWindowDays: number,
): Promise<{ row: AuctionRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const hashes = [auction.emailHash, auction.phoneHash, auction.ssnHash].filter((h): h is string => !!h).sort();
    for (const hash of hashes) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dup:${hash}`}))`);
    const [existing] = await tx.select().from(auctions).where(eq(auctions.leadId, auction.leadId)).limit(1);
    if (existing) return { row: existing, created: false };
    const matches = [
      auction.emailHash ? sql`${auctions.emailHash} = ${auction.emailHash}` : undefined,
      auction.phoneHash ? sql`${auctions.phoneHash} = ${auction.phoneHash}` : undefined,
      auction.ssnHash ? sql`${auctions.ssnHash} = ${auction.ssnHash}` : undefined,
    ].filter((m) => m !== undefined);
    const duplicate =
      matches.length > 0
        ? await tx
            .select({ leadId: auctions.leadId })
            .from(auctions)
            .where(
              sql`${auctions.createdAt} >= now() - make_interval(days => ${duplicateWindowDays}) and (${sql.join(matches, sql` or `)})`,
            )
            .limit(1)
        : [];
    const decided = duplicate.length > 0 ? { status: "rejected", reason: "duplicate", decidedAt: new Date() } : {};
    const [row] = await tx
      .insert(auctions)
      .values({ ...auction, ...decided })
      .returning();
    return { row: row as AuctionRow, created: true };
  });
}

/** Takes the auction for this worker unless another holds a live lease; undefined when decided or held. */
export async function claimAuction(db: Db, leadId: string, owner: string, leaseMs: number) {
  const [row] = await db
    .update(auctions)
    .set({
      leaseOwner: owner,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      runs: sql`${auctions.runs} + 1`,
    })
    .where(
      and(
        eq(auctions.leadId, leadId),
        eq(auctions.status, "pending"),
        sql`(${auctions.leaseUntil} is null or ${auctions.leaseUntil} < now() or ${auctions.leaseOwner} = ${owner})`,
      ),
    )
    .returning();
  return row;
}

export async function renewLease(db: Db, leadId: string, owner: string, leaseMs: number): Promise<void> {
  await db
    .update(auctions)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(auctions.leadId, leadId), eq(auctions.leaseOwner, owner), eq(auctions.status, "pending")));
}

export type Decision =
  | { status: "accepted"; buyerId: string; priceCents: number | null; redirectUrl: string }
  | { status: "rejected"; reason: string; rejectUrl: string };

/** Decides a pending auction; a decided one never changes (answers false then). */
export async function decideAuction(db: Db, leadId: string, decision: Decision): Promise<boolean> {
  const values =
    decision.status === "accepted"
      ? {
          status: "accepted",
          buyerId: decision.buyerId,
          priceCents: decision.priceCents,
          redirectUrl: decision.redirectUrl,
          reason: null,
        }
      : { status: "rejected", reason: decision.reason, rejectUrl: decision.rejectUrl };
  const rows = await db
    .update(auctions)
    .set({ ...values, decidedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
    .where(and(eq(auctions.leadId, leadId), eq(auctions.status, "pending")))
    .returning({ leadId: auctions.leadId });
  return rows.length > 0;
}

/** Pending auctions nobody is running (a crash, a lost job): the sweeper queues them again. */
export async function orphanedAuctions(db: Db, olderThanMs: number, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ leadId: auctions.leadId })
    .from(auctions)
    .where(
      and(
        eq(auctions.status, "pending"),
        sql`(${auctions.leaseUntil} is null or ${auctions.leaseUntil} < now())`,
        sql`${auctions.createdAt} < now() - make_interval(secs => ${olderThanMs / 1000})`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.leadId);
}

export async function markRedirected(db: Db, leadId: string): Promise<boolean> {
  const rows = await db
    .update(auctions)
    .set({ redirectedAt: sql`coalesce(${auctions.redirectedAt}, now())` })
    .where(and(eq(auctions.leadId, leadId), eq(auctions.status, "accepted")))
    .returning({ leadId: auctions.leadId });
  return rows.length > 0;
}

export async function latestConsent(db: Db, leadId: string): Promise<ConsentEvidenceRow | undefined> {
  const [row] = await db
    .select({
      textVersion: consentRecords.textVersion,
      textHash: consentRecords.textHash,
      createdAt: consentRecords.createdAt,
      ip: consentRecords.ip,
      userAgent: consentRecords.userAgent,
      pageUrl: consentRecords.pageUrl,
    })
    .from(consentRecords)
    .where(and(eq(consentRecords.leadId, leadId), eq(consentRecords.consentKind, "tcpa")))
    .orderBy(desc(consentRecords.id))
    .limit(1);
  return row;
}

export type CallRow = typeof buyerCalls.$inferSelect;

export async function callsOf(db: Db, leadId: string): Promise<CallRow[]> {
  return db.select().from(buyerCalls).where(eq(buyerCalls.leadId, leadId)).orderBy(buyerCalls.id);
}

type CallRecord = Pick<
  typeof buyerCalls.$inferInsert,
  | "leadId"
  | "buyerId"
  | "kind"
  | "state"
  | "request"
  | "response"
  | "httpStatus"
  | "latencyMs"
  | "priceCents"
  | "reason"
  | "externalId"
  | "redirectUrl"
>;

export async function recordCall(db: Db, call: CallRecord): Promise<void> {
  await db.insert(buyerCalls).values({ ...call, finishedAt: sql`now()` });
}

export async function finishPost(db: Db, id: number, result: Omit<CallRecord, "leadId" | "buyerId" | "kind">) {
  await db
    .update(buyerCalls)
    .set({ ...result, finishedAt: sql`now()` })
    .where(eq(buyerCalls.id, id));
}

/**
 * Reserves a post to a buyer under its caps: under an advisory lock per buyer, counts its sales and posts
 * in flight in the current local hour, day and month, and writes the post row ("sending") only when every
 * cap has room. Two auctions at once therefore never exceed a cap. Answers the row id, or undefined at cap.
 */
export async function reservePost(
  db: Db,
  buyer: { id: string; timeZone: string; caps: { hourly?: number; daily?: number; monthly?: number } },
  call: Pick<CallRecord, "leadId" | "request" | "priceCents">,
  now: Date,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const { hourly, daily, monthly } = buyer.caps;
    if (hourly !== undefined || daily !== undefined || monthly !== undefined) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cap:${buyer.id}`}))`);
      const since = (p: "hour" | "day" | "month") => periodStart(now, buyer.timeZone, p).toISOString();
      const [counts] = await tx
        .select({
          hour: sql<number>`count(*) filter (where ${buyerCalls.createdAt} >= ${since("hour")})::int`,
          day: sql<number>`count(*) filter (where ${buyerCalls.createdAt} >= ${since("day")})::int`,
          month: sql<number>`count(*)::int`,
        })
        .from(buyerCalls)
        .where(
          and(
            eq(buyerCalls.buyerId, buyer.id),
            eq(buyerCalls.kind, "post"),
            inArray(buyerCalls.state, ["sending", "accepted"]),
            sql`${buyerCalls.createdAt} >= ${since("month")}`,
          ),
        );
      const c = counts ?? { hour: 0, day: 0, month: 0 };
      if ((hourly !== undefined && c.hour >= hourly) || (daily !== undefined && c.day >= daily)) return undefined;
      if (monthly !== undefined && c.month >= monthly) return undefined;
    }
    const [row] = await tx
      .insert(buyerCalls)
      .values({ ...call, buyerId: buyer.id, kind: "post", state: "sending" })
      .returning({ id: buyerCalls.id });
    return row?.id;
  });
}

/** True when this buyer already bought the same person (e-mail, phone or SSN hash) within its window. */
export async function boughtBefore(
  db: Db,
  buyerId: string,
  auction: Pick<AuctionRow, "leadId" | "emailHash" | "phoneHash" | "ssnHash">,
  windowDays: number,
): Promise<boolean> {
  const matches = [
    auction.emailHash ? sql`a.email_hash = ${auction.emailHash}` : undefined,
    auction.phoneHash ? sql`a.phone_hash = ${auction.phoneHash}` : undefined,
    auction.ssnHash ? sql`a.ssn_hash = ${auction.ssnHash}` : undefined,
  ].filter((m) => m !== undefined);
  if (matches.length === 0 || windowDays === 0) return false;
  const result = await db.execute(sql`
    select 1 from buyer_calls c join auctions a on a.lead_id = c.lead_id
    where c.buyer_id = ${buyerId} and c.kind = 'post' and c.state = 'accepted' and a.lead_id <> ${auction.leadId}
      and c.created_at >= now() - make_interval(days => ${windowDays}) and (${sql.join(matches, sql` or `)})
    limit 1`);
  const rows = (result as unknown as { rows: unknown[] }).rows;
  return rows.length > 0;
}
