import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { rejectPageAddress } from "#domain/client-routes.ts";
import { CAP_PERIODS, type CapPeriod } from "#domain/buyers/buyer-outcomes.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { auctionBuyerOutcomes, auctions, buyerAccounts, buyerCalls, leads } from "../../platform/db/schema.ts";
import { creditLimitCents, isBilled, type Billing } from "#domain/buyers/billing.ts";
import { dollarsToCents } from "#domain/money.ts";
import type { LeadRow } from "../../intake/leads/lead-store.ts";
import type { ConsentEvidenceRow } from "./lead-document.ts";
import { preparedPer } from "../../platform/db/prepared.ts";
import { periodStart } from "./zoned-time.ts";
import type { OutcomeRecord } from "./outcome-book.ts";
import { logSensitiveRead, sensitiveReadInsert, type SensitiveRead } from "../../compliance/sensitive-reads.ts";

// The auction's state in the database (docs/decisions/0018-lender-auction.md): what survives a crash is
// here, so any worker can pick an auction up where another left it.

export type AuctionRow = typeof auctions.$inferSelect;
type NewAuction = Pick<
  typeof auctions.$inferInsert,
  | "leadId"
  | "testMode"
  | "attribution"
  | "submission"
  | "emailHash"
  | "phoneHash"
  | "ssnHash"
  | "deviceHash"
  | "ipHash"
  | "deadlineAt"
  | "preset"
  | "minPriceCents"
  | "postedBy"
>;

// Read at every send and every ping (and again whenever a held ping wakes): prepared once.
const auctionByLead = preparedPer((db) =>
  db
    .select()
    .from(auctions)
    .where(eq(auctions.leadId, sql.placeholder("leadId")))
    .limit(1)
    .prepare("find_auction"),
);

export async function findAuction(db: Db, leadId: string): Promise<AuctionRow | undefined> {
  const [row] = await auctionByLead(db).execute({ leadId });
  return row;
}

// The send and the ping read the lead (for its access token) and its auction together: one round trip.
const leadAndAuction = preparedPer((db) =>
  db
    .select({ lead: leads, auction: auctions })
    .from(leads)
    .leftJoin(auctions, eq(auctions.leadId, leads.id))
    .where(eq(leads.id, sql.placeholder("leadId")))
    .limit(1)
    .prepare("find_lead_and_auction"),
);

/** A lead and its auction (undefined when not sent yet), in one statement; undefined when no such lead. */
export async function findLeadAndAuction(
  db: Db,
  leadId: string,
): Promise<{ lead: LeadRow; auction: AuctionRow | undefined } | undefined> {
  const [row] = await leadAndAuction(db).execute({ leadId });
  return row && { lead: row.lead, auction: row.auction ?? undefined };
}

/**
 * Whether an auction's row is of the same person as `auction` (the same e-mail, phone or SSN hash): the duplicate
 * check of a send and the question of who already bought the person ask it alike. Undefined without any hash.
 */
function samePerson(auction: {
  emailHash?: string | null;
  phoneHash?: string | null;
  ssnHash?: string | null;
}): SQL | undefined {
  const matches = [
    auction.emailHash ? sql`${auctions.emailHash} = ${auction.emailHash}` : undefined,
    auction.phoneHash ? sql`${auctions.phoneHash} = ${auction.phoneHash}` : undefined,
    auction.ssnHash ? sql`${auctions.ssnHash} = ${auction.ssnHash}` : undefined,
  ].filter((m) => m !== undefined);
  return matches.length > 0 ? sql`(${sql.join(matches, sql` or `)})` : undefined;
}

type CreateOptions = { claimAs?: { owner: string; leaseMs: number } | undefined; read?: SensitiveRead | undefined };

/**
 * Stores the submission once. Duplicates of the same person (same e-mail, phone or SSN hash within the
 * window) are decided rejected on the spot; advisory locks on the hashes serialise two submissions of the
 * same person arriving together, so the second always sees the first. Answers the row and whether it is new.
 * `read` is the sensitive read the duplicate check made (the SSN, in clear to be hashed): written in the same
 * transaction, before the auction, so no auction exists without it, and on its own when the transaction fails.
 */
export async function createAuction(
  db: Db,
  auction: NewAuction,
  duplicateWindowDays: number,
  options: CreateOptions = {},
): Promise<{ row: AuctionRow; created: boolean; claim?: Claim }> {
  try {
    return await insertAuction(db, auction, duplicateWindowDays, options);
  } catch (error) {
    // The read was made (the SSN decrypted and hashed) whether or not the auction was stored: a transaction that
    // failed took its log row with it, so the row is written on its own, as well as it can be.
    if (options.read) await logSensitiveRead(db, options.read).catch(() => {});
    throw error;
  }
}

async function insertAuction(
  db: Db,
  auction: NewAuction,
  duplicateWindowDays: number,
  { claimAs, read }: CreateOptions,
): Promise<{ row: AuctionRow; created: boolean; claim?: Claim }> {
  return db.transaction(async (tx) => {
    const hashes = [auction.emailHash, auction.phoneHash, auction.ssnHash].filter((h): h is string => !!h).sort();
    // One statement takes them all, in the sorted order (a select list is evaluated left to right), so two
    // sends that share hashes queue in the same order and never deadlock.
    if (hashes.length > 0) {
      const locks = hashes.map((hash) => sql`pg_advisory_xact_lock(hashtext(${`dup:${hash}`}))`);
      await tx.execute(sql`select ${sql.join(locks, sql`, `)}`);
    }
    // Whether this lead has its auction already, and whether the person was sent within the window: one statement.
    const person = samePerson(auction);
    // A test lead is counted nowhere (docs/decisions/0050-publisher-post-api.md): a test send of a person never makes
    // a live one a duplicate, nor the other way round.
    const duplicateOf = person
      ? sql`exists (select 1 from ${auctions} where ${auctions.createdAt} >= now() - make_interval(days => ${duplicateWindowDays})
            and ${auctions.testMode} = ${auction.testMode ?? false} and ${person})`
      : sql`false`;
    const [seen] = await rowsOf<{ existing: boolean; duplicate: boolean }>(
      tx.execute(sql`with logged as (${sensitiveReadInsert(read, sql``)})
        select exists (select 1 from ${auctions} where ${auctions.leadId} = ${auction.leadId}) as existing,
        ${duplicateOf} as duplicate`),
    );
    if (seen?.existing) {
      const [existing] = await tx.select().from(auctions).where(eq(auctions.leadId, auction.leadId)).limit(1);
      if (existing) return { row: existing, created: false };
    }
    const decided = seen?.duplicate
      ? {
          status: "rejected",
          reason: "duplicate",
          rejectUrl: rejectPageAddress(duplicateWindowDays),
          decidedAt: new Date(),
        }
      : {};
    // A pending auction the caller will run at once is written under its claim: the claim costs no statement of
    // its own, and the lease protects it as a claim made afterwards would.
    const token = claimAs && !seen?.duplicate ? claimToken(claimAs.owner) : undefined;
    const lease = token
      ? { leaseOwner: token, leaseUntil: sql`now() + make_interval(secs => ${claimAs!.leaseMs / 1000})`, runs: 1 }
      : {};
    const [row] = await tx
      .insert(auctions)
      .values({ ...auction, ...decided, ...lease })
      .returning();
    const created = row as AuctionRow;
    return { row: created, created: true, ...(token ? { claim: { auction: created, token } } : {}) };
  });
}

/**
 * A claim on an auction: the row as claimed and the claim's own token (a fencing token, written to
 * `lease_owner`). Every claim gets a new token, even two in one process, so a run can tell its lease from
 * any later claim's (docs/decisions/0019-auction-fencing.md).
 */
export type Claim = {
  auction: AuctionRow;
  token: string;
  /** The lead as the send read it a moment before, when the send starts the run: not read again. */
  lead?: LeadRow;
};

/** Every claim's own fencing token; `owner` (the process's name) only makes it readable. */
const claimToken = (owner: string) => `${owner}:${randomBytes(8).toString("hex")}`;

/** The lease is this claim's while `lease_owner` is its token, the lease has not run out and nothing decided. */
const leaseHeldBy = (leadId: string | Placeholder, token: string | Placeholder) =>
  and(
    eq(auctions.leadId, leadId),
    eq(auctions.status, "pending"),
    eq(auctions.leaseOwner, token),
    sql`${auctions.leaseUntil} > now()`,
  );

// Every run claims, and renews every third of its lease: both prepared once (the values are placeholders).
const leaseFor = sql`now() + make_interval(secs => ${sql.placeholder("leaseSecs")})`;
const claimPending = preparedPer((db) =>
  db
    .update(auctions)
    .set({ leaseOwner: sql`${sql.placeholder("token")}`, leaseUntil: leaseFor, runs: sql`${auctions.runs} + 1` })
    .where(
      and(
        eq(auctions.leadId, sql.placeholder("leadId")),
        eq(auctions.status, "pending"),
        sql`(${auctions.leaseUntil} is null or ${auctions.leaseUntil} < now())`,
      ),
    )
    .returning()
    .prepare("claim_auction"),
);
const renewHeld = preparedPer((db) =>
  db
    .update(auctions)
    .set({ leaseUntil: leaseFor })
    .where(leaseHeldBy(sql.placeholder("leadId"), sql.placeholder("token")))
    .returning({ leadId: auctions.leadId })
    .prepare("renew_lease"),
);

/**
 * Takes the auction under a new claim unless a live lease holds it; undefined when decided or held. A
 * lease is taken over only once it has run out, whoever held it: the same process gets no pass, since its
 * workers share its name (`owner` only makes the token readable).
 */
export async function claimAuction(db: Db, leadId: string, owner: string, leaseMs: number): Promise<Claim | undefined> {
  const token = claimToken(owner);
  const [row] = await claimPending(db).execute({ leadId, token, leaseSecs: leaseMs / 1000 });
  return row ? { auction: row, token } : undefined;
}

/** Extends this claim's lease; false once it is lost (run out, taken over, or the auction decided). */
export async function renewLease(db: Db, leadId: string, token: string, leaseMs: number): Promise<boolean> {
  const rows = await renewHeld(db).execute({ leadId, token, leaseSecs: leaseMs / 1000 });
  return rows.length > 0;
}

/**
 * Gives this claim's lease back before it runs out (a clean stop, docs/decisions/0037-several-processes.md), so
 * the next claim need not wait for it; false when it was no longer held.
 */
export async function releaseLease(db: Db, leadId: string, token: string): Promise<boolean> {
  const rows = await db
    .update(auctions)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(leaseHeldBy(leadId, token))
    .returning({ leadId: auctions.leadId });
  return rows.length > 0;
}

export type Decision =
  | { status: "accepted"; buyerId: string; priceCents: number | null; redirectUrl: string }
  | { status: "rejected"; reason: string; rejectUrl: string };

/**
 * Decides a pending auction under this claim's lease, and writes every buyer's outcome (`outcomes`, of the claim's
 * `run`) in the same statement: both or neither (docs/decisions/0041-every-buyers-outcome.md). A decided one never
 * changes, and a run that lost its lease decides and writes nothing (answers false then).
 */
export async function decideAuction(
  db: Db,
  leadId: string,
  token: string,
  decision: Decision,
  outcomes: { run: number; records: readonly OutcomeRecord[] } = { run: 0, records: [] },
): Promise<boolean> {
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
  const update = db
    .update(auctions)
    .set({ ...values, decidedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
    .where(leaseHeldBy(leadId, token))
    .returning({ leadId: auctions.leadId });
  if (outcomes.records.length === 0) return (await update).length > 0;
  // The rows travel as one JSON parameter, as a tier's pings do (recordCalls).
  const rows = JSON.stringify(
    outcomes.records.map((r) => ({
      buyer_id: r.buyerId,
      outcome: r.outcome,
      detail: r.detail,
      offered_cents: r.offeredCents,
      paid_cents: r.paidCents,
      at: r.at.toISOString(),
    })),
  );
  const decided = await rowsOf<{ lead_id: string }>(
    db.execute(sql`with decided as (${update.getSQL()}), written as (
        insert into ${auctionBuyerOutcomes} (lead_id, run, buyer_id, outcome, detail, offered_cents, paid_cents, at)
        select decided.lead_id, ${outcomes.run}::int, r.buyer_id, r.outcome, r.detail, r.offered_cents, r.paid_cents, r.at
        from decided, json_to_recordset(${rows}::json) as r(buyer_id text, outcome text, detail text,
          offered_cents integer, paid_cents integer, at timestamptz)
      )
      select lead_id from decided`),
  );
  return decided.length > 0;
}

/** Every buyer's outcome in a lead's auction (none for one decided before any buyer was read), best first. */
export async function outcomesOf(db: Db, leadId: string): Promise<(typeof auctionBuyerOutcomes.$inferSelect)[]> {
  return db
    .select()
    .from(auctionBuyerOutcomes)
    .where(eq(auctionBuyerOutcomes.leadId, leadId))
    .orderBy(
      sql`${auctionBuyerOutcomes.paidCents} is null`,
      sql`${auctionBuyerOutcomes.offeredCents} desc nulls last`,
      auctionBuyerOutcomes.buyerId,
    );
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

export type CallRow = typeof buyerCalls.$inferSelect;

export async function callsOf(db: Db, leadId: string): Promise<CallRow[]> {
  return db.select().from(buyerCalls).where(eq(buyerCalls.leadId, leadId)).orderBy(buyerCalls.id);
}

export type CallRecord = Pick<
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

/**
 * Several finished calls in one statement (a tier's pings). The rows travel as one JSON parameter, not as a
 * parameter per value: drizzle typed each of a tier's ~300 values one by one, the costliest statement of an
 * auction to build (docs/decisions/0038-auction-cost.md).
 */
export async function recordCalls(db: Db, calls: CallRecord[]): Promise<void> {
  if (calls.length === 0) return;
  const rows = calls.map((call) => ({
    lead_id: call.leadId,
    buyer_id: call.buyerId,
    kind: call.kind,
    state: call.state,
    request: call.request ?? null,
    response: call.response ?? null,
    http_status: call.httpStatus ?? null,
    latency_ms: call.latencyMs ?? null,
    price_cents: call.priceCents ?? null,
    reason: call.reason ?? null,
    external_id: call.externalId ?? null,
    redirect_url: call.redirectUrl ?? null,
  }));
  await db.execute(sql`
    insert into ${buyerCalls} (lead_id, buyer_id, kind, state, request, response, http_status, latency_ms, price_cents,
      reason, external_id, redirect_url, finished_at)
    select lead_id, buyer_id, kind, state, request, response, http_status, latency_ms, price_cents,
      reason, external_id, redirect_url, now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(lead_id text, buyer_id text, kind text, state text,
      request jsonb, response text, http_status integer, latency_ms integer, price_cents integer, reason text,
      external_id text, redirect_url text)`);
}

/**
 * Settles a post that is still in flight. The first answer written stands: a run that lost its lease and
 * the run that resent its post may both answer for the same row. Answers the post as it is now settled.
 */
export async function finishPost(
  db: Db,
  id: number,
  result: Omit<CallRecord, "leadId" | "buyerId" | "kind">,
): Promise<CallRow | undefined> {
  const [row] = await db
    .update(buyerCalls)
    .set({ ...result, finishedAt: sql`now()` })
    .where(and(eq(buyerCalls.id, id), eq(buyerCalls.state, "sending")))
    .returning();
  if (row) return row;
  const [settled] = await db.select().from(buyerCalls).where(eq(buyerCalls.id, id));
  return settled;
}

/** A post row's id, or why none was written: the buyer is at a cap or budget, it has no room for the price, the claim is
 * fenced out (its lease is lost, the auction decided or the lead already sold), or the lead may not be sold now (erased,
 * do not sell, suppressed). */
export type Reservation =
  | { id: number }
  | { refused: "fenced" }
  | { refused: "at cap"; caps: string[] }
  | { refused: "no room" }
  | { stopped: string };

/**
 * What the gate also asks and writes: whether the contact is suppressed, the sensitive read the post makes, and whether
 * the lead is a test lead (which no buyer pays for, so it is held against no room).
 */
export type PostGate = { suppressed?: SQL<boolean>; read?: SensitiveRead; test?: boolean };

/** What the gate reads of a buyer: its caps and budgets, counted in its own zone, and how it pays. */
export type GatedBuyer = {
  id: string;
  timeZone: string;
  caps: Partial<Record<CapPeriod, number>>;
  budget?: { daily?: number | undefined; monthly?: number | undefined };
  billing?: Pick<Billing, "kind" | "creditLimit">;
};

/**
 * Holds `cents` against a billed buyer's room (docs/product/buyer-money.md#room), as one upsert of its account row: an
 * existing row only while its room covers the price (the row's lock makes two holds at once queue, the second reading
 * the first's), a first row only while the credit limit alone covers it. `when` adds a condition (the lead sellable).
 * Returns a row only when the price was held.
 */
function holdRoom(buyer: GatedBuyer, cents: number, when: SQL = sql`true`): SQL {
  const limit = buyer.billing ? creditLimitCents(buyer.billing) : 0;
  return sql`insert into ${buyerAccounts} (buyer_id, held_cents)
      select ${buyer.id}, ${cents}::bigint
      where ${when} and (${limit}::bigint >= ${cents}::bigint
        or exists (select 1 from ${buyerAccounts} where ${buyerAccounts.buyerId} = ${buyer.id}))
    on conflict (buyer_id) do update set held_cents = ${buyerAccounts.heldCents} + excluded.held_cents, updated_at = now()
      where ${limit}::bigint + ${buyerAccounts.creditedCents} - ${buyerAccounts.chargedCents} - ${buyerAccounts.heldCents}
        >= excluded.held_cents
    returning 1`;
}

/**
 * Reserves a post to a buyer, the last gate before the full application leaves
 * (docs/decisions/0019-auction-fencing.md): only while this claim holds the auction's lease, the auction is
 * pending and the lead has no accepted post; the auction's row stays locked until the post row is written,
 * so no claim can take over in between. The lead's state is read afresh there too (erased, do not sell, and
 * suppression when asked), and the post's sensitive read is written with the post row, or neither is.
 * A buyer with caps or budgets is counted under an advisory lock per buyer: its sales and posts in flight in the
 * current local hour, day, week and month, and their prices in the day and month, and the post row is written only when
 * every cap and budget has room, so two auctions at once never exceed one. A billed buyer's price is held against its
 * room in the statement that writes the post row (docs/product/buyer-money.md#room). A buyer without caps or budgets
 * needs no lock beyond the auction's: the gate is one statement (docs/decisions/0038-auction-cost.md).
 */
export async function reservePost(
  db: Db,
  buyer: GatedBuyer,
  call: Pick<CallRecord, "leadId" | "request" | "priceCents">,
  token: string,
  now: Date,
  gate: PostGate = {},
): Promise<Reservation> {
  // The lead's row is locked too, before the auction's (the order an erasure takes them in): a gate that meets an
  // erasure, a do-not-sell or a suppression being written waits for it and reads the lead as it commits, instead
  // of the version from before.
  const held = sql`select lead.status, lead.do_not_sell as "doNotSell", ${gate.suppressed ?? sql`false`} as suppressed
    from (select ${leads.status} as status, ${leads.doNotSellAt} is not null as do_not_sell from ${leads}
          where ${leads.id} = ${call.leadId} for share) as lead
      join ${auctions} on ${leaseHeldBy(call.leadId, token)}
    where not exists (select 1 from ${buyerCalls} where ${buyerCalls.leadId} = ${call.leadId}
        and ${buyerCalls.kind} = 'post' and ${buyerCalls.state} = 'accepted')
    for update of ${auctions}`;
  const price = call.priceCents ?? 0;
  const billed = buyer.billing !== undefined && isBilled(buyer.billing) && !gate.test;
  const heldCents = billed ? price : null;
  const insert = (from: SQL) => sql`post as (
      insert into ${buyerCalls} (lead_id, buyer_id, kind, state, request, price_cents, held_cents)
      select ${call.leadId}, ${buyer.id}, 'post', 'sending', ${JSON.stringify(call.request ?? null)}::jsonb,
        ${call.priceCents ?? null}::int, ${heldCents}::int ${from}
      returning id
    ), logged as (${sensitiveReadInsert(gate.read, sql`from post`)})`;
  const counted = CAP_PERIODS.some((p) => buyer.caps[p] !== undefined) || hasBudget(buyer);

  if (!counted) {
    const room = billed
      ? sql`room as (${holdRoom(buyer, price, sql`exists (select 1 from held where ${SELLABLE})`)}),`
      : sql``;
    const roomHeld = billed ? sql`and exists (select 1 from room)` : sql``;
    const [row] = await rowsOf<SaleState & { id: number | null }>(
      db.execute(sql`with held as (${held}), ${room} ${insert(sql`from held where ${SELLABLE} ${roomHeld}`)}
        select held.*, (select id from post) as id from held`),
    );
    if (!row) return { refused: "fenced" };
    const stop = saleStop(row);
    if (stop) return { stopped: stop };
    if (row.id === null) {
      if (billed) return { refused: "no room" };
      throw new Error("post row not written");
    }
    return { id: Number(row.id) };
  }

  return db.transaction(async (tx) => {
    const [row] = await rowsOf<SaleState>(tx.execute(held));
    if (!row) return { refused: "fenced" };
    const stop = saleStop(row);
    if (stop) return { stopped: stop };
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cap:${buyer.id}`}))`);
    const full = fullCaps(buyer, await capUse(tx, buyer, now), price);
    // Which caps are full: the buyer's outcome names them (docs/product/lender-network.md#every-buyers-outcome).
    if (full.length > 0) return { refused: "at cap", caps: full };
    const room = billed ? sql`room as (${holdRoom(buyer, price)}),` : sql``;
    const [written] = await rowsOf<{ id: number }>(
      tx.execute(
        sql`with ${room} ${insert(billed ? sql`where exists (select 1 from room)` : sql``)} select id from post`,
      ),
    );
    if (!written) {
      if (billed) return { refused: "no room" };
      throw new Error("post row not written");
    }
    return { id: Number(written.id) };
  });
}

const hasBudget = (buyer: GatedBuyer) => buyer.budget?.daily !== undefined || buyer.budget?.monthly !== undefined;

/** The caps and budgets a post at `priceCents` would pass: "daily", "weekly budget"... in the order they are named. */
function fullCaps(buyer: GatedBuyer, use: CapUse, priceCents: number): string[] {
  const count: Record<CapPeriod, number> = { hourly: use.hour, daily: use.day, weekly: use.week, monthly: use.month };
  const caps = CAP_PERIODS.filter((period) => {
    const cap = buyer.caps[period];
    return cap !== undefined && count[period] >= cap;
  });
  const over = (budget: number | undefined, spent: number) =>
    budget !== undefined && spent + priceCents > dollarsToCents(budget);
  const budgets = [
    ...(over(buyer.budget?.daily, use.dayCents) ? ["daily budget"] : []),
    ...(over(buyer.budget?.monthly, use.monthCents) ? ["monthly budget"] : []),
  ];
  return [...caps, ...budgets];
}

/** What a lead's sale depends on, as read at a gate: its status, a do-not-sell request, a suppressed contact. */
export type SaleState = { status: string; doNotSell: boolean; suppressed: boolean };

/**
 * Why the lead may not be sold now (docs/decisions/0008): erased (a delete request) or purged, so nothing of it
 * may leave; a do-not-sell request (Global Privacy Control included); or a suppressed contact. `SELLABLE` below is
 * the same rule in the gate's statement.
 */
export function saleStop(state: SaleState): string | undefined {
  if (state.status === "erased" || state.status === "purged") return "erased";
  if (state.doNotSell) return "do not sell";
  return state.suppressed ? "suppressed" : undefined;
}
const SELLABLE = sql`held.status not in ('erased', 'purged') and not held."doNotSell" and not held.suppressed`;

async function rowsOf<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}

/** The posts a cap counts: sales and posts in flight. */
const capCounted = and(eq(buyerCalls.kind, "post"), inArray(buyerCalls.state, ["sending", "accepted"]));

/** What a buyer's caps and budgets count in its current local hour, day, week and month. */
export type CapUse = { hour: number; day: number; week: number; month: number; dayCents: number; monthCents: number };

/** The earliest of the month's and the week's start: a week may begin in the month before. */
const countedSince = (now: Date, timeZone: string) => {
  const month = periodStart(now, timeZone, "month");
  const week = periodStart(now, timeZone, "week");
  return week < month ? week : month;
};

/**
 * What a buyer's caps and budgets count: its sales and posts in flight since its own local hour, day, week and month
 * began, and their prices in the day and month (the console shows the same figures beside the caps).
 */
export async function capUse(db: Db | Tx, buyer: { id: string; timeZone: string }, now: Date): Promise<CapUse> {
  const since = (p: "hour" | "day" | "week" | "month") => periodStart(now, buyer.timeZone, p).toISOString();
  const inPeriod = (p: "hour" | "day" | "week" | "month") => sql`${buyerCalls.createdAt} >= ${since(p)}`;
  const [counts] = await db
    .select({
      hour: sql<number>`count(*) filter (where ${inPeriod("hour")})::int`,
      day: sql<number>`count(*) filter (where ${inPeriod("day")})::int`,
      week: sql<number>`count(*) filter (where ${inPeriod("week")})::int`,
      month: sql<number>`count(*) filter (where ${inPeriod("month")})::int`,
      dayCents: sql<number>`coalesce(sum(${buyerCalls.priceCents}) filter (where ${inPeriod("day")}), 0)::bigint`,
      monthCents: sql<number>`coalesce(sum(${buyerCalls.priceCents}) filter (where ${inPeriod("month")}), 0)::bigint`,
    })
    .from(buyerCalls)
    .where(
      and(
        eq(buyerCalls.buyerId, buyer.id),
        capCounted,
        sql`${buyerCalls.createdAt} >= ${countedSince(now, buyer.timeZone).toISOString()}`,
      ),
    );
  return counts
    ? { ...counts, dayCents: Number(counts.dayCents), monthCents: Number(counts.monthCents) }
    : { hour: 0, day: 0, week: 0, month: 0, dayCents: 0, monthCents: 0 };
}

/** capUse of many buyers in one statement (the console's buyer report and list), each in its own time zone. */
export async function capUses(
  db: Db | Tx,
  buyers: { id: string; timeZone: string }[],
  now: Date,
): Promise<Map<string, CapUse>> {
  if (buyers.length === 0) return new Map();
  const starts = buyers.map((b) => ({
    id: b.id,
    hour: periodStart(now, b.timeZone, "hour").toISOString(),
    day: periodStart(now, b.timeZone, "day").toISOString(),
    week: periodStart(now, b.timeZone, "week").toISOString(),
    month: periodStart(now, b.timeZone, "month").toISOString(),
    since: countedSince(now, b.timeZone).toISOString(),
  }));
  const at = buyerCalls.createdAt;
  const rows = await db
    .select({
      id: sql<string>`v.id`,
      hour: sql<number>`count(${at}) filter (where ${at} >= v.hour)::int`,
      day: sql<number>`count(${at}) filter (where ${at} >= v.day)::int`,
      week: sql<number>`count(${at}) filter (where ${at} >= v.week)::int`,
      month: sql<number>`count(${at}) filter (where ${at} >= v.month)::int`,
      dayCents: sql<number>`coalesce(sum(${buyerCalls.priceCents}) filter (where ${at} >= v.day), 0)::bigint`,
      monthCents: sql<number>`coalesce(sum(${buyerCalls.priceCents}) filter (where ${at} >= v.month), 0)::bigint`,
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify(starts)}::jsonb) as v(id text, hour timestamptz, day timestamptz,
        week timestamptz, month timestamptz, since timestamptz)`,
    )
    .leftJoin(buyerCalls, and(sql`${buyerCalls.buyerId} = v.id`, capCounted, sql`${at} >= v.since`))
    .groupBy(sql`v.id`);
  return new Map(rows.map((r) => [r.id, { ...r, dayCents: Number(r.dayCents), monthCents: Number(r.monthCents) }]));
}

/** A post already written for the lead (a run that died after it began posting), as a resumed run reads it. */
type PostRow = Pick<CallRow, "id" | "buyerId" | "state" | "priceCents" | "redirectUrl" | "externalId" | "reason">;

/** What a run starts from (`readRunStart`). */
export type RunStart = {
  /** The lead's state read now, and whether its contact is suppressed: whether it may be sold at all. */
  sale: SaleState;
  consent: ConsentEvidenceRow | undefined;
  posts: PostRow[];
  /** When each buyer last bought the same person (e-mail, phone or SSN hash) within the window asked. */
  lastBought: Map<string, Date>;
  /** Every buyer's account (its room, docs/product/buyer-money.md#room): one row per buyer ever billed; none: absent. */
  accounts: Map<string, BuyerAccount>;
};

/** A buyer's running sums (schema's buyer_accounts), in cents. */
export type BuyerAccount = { creditedCents: number; chargedCents: number; heldCents: number };

/**
 * Everything a run reads before its first ping, in one statement (docs/decisions/0038-auction-cost.md): the
 * lead's state afresh, with `suppressed` asked of its contact; its latest TCPA consent; the posts already made
 * for it; and when each buyer last bought the same person within `windowDays` (one question for all buyers; each
 * buyer's own, shorter or equal, window is applied by the caller), a test sale only for a test lead and a live one
 * only for a live lead, as a test lead counts nowhere. Undefined when the lead is gone.
 */
export async function readRunStart(
  db: Db,
  auction: Pick<AuctionRow, "leadId" | "emailHash" | "phoneHash" | "ssnHash" | "testMode">,
  windowDays: number,
  suppressed: SQL<boolean> | undefined,
): Promise<RunStart | undefined> {
  const { leadId } = auction;
  const person = samePerson(auction);
  const lastBought =
    !person || windowDays <= 0
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(json_build_array(b.buyer_id, b.at)), '[]'::json) from (
          select c.buyer_id, max(c.created_at) as at from buyer_calls c join ${auctions} on ${auctions.leadId} = c.lead_id
          where c.kind = 'post' and c.state = 'accepted' and ${auctions.leadId} <> ${leadId}
            and ${auctions.testMode} = ${auction.testMode}
            and c.created_at >= now() - make_interval(days => ${windowDays}) and ${person}
          group by c.buyer_id) as b)`;
  const [row] = await rowsOf<
    SaleState & {
      consent: (Omit<ConsentEvidenceRow, "createdAt"> & { createdAt: string }) | null;
      posts: PostRow[];
      lastBought: [string, string][];
      accounts: [string, number, number, number][];
    }
  >(
    db.execute(sql`select ${leads.status} as status, ${leads.doNotSellAt} is not null as "doNotSell",
      ${suppressed ?? sql`false`} as suppressed,
      (select json_build_object('textVersion', r.text_version, 'textHash', r.text_hash, 'createdAt', r.created_at,
          'ip', r.ip, 'userAgent', r.user_agent, 'pageUrl', r.page_url)
        from consent_records r where r.lead_id = ${leadId} and r.consent_kind = 'tcpa' order by r.id desc limit 1)
        as consent,
      (select coalesce(json_agg(json_build_object('id', p.id, 'buyerId', p.buyer_id, 'state', p.state,
          'priceCents', p.price_cents, 'redirectUrl', p.redirect_url, 'externalId', p.external_id, 'reason', p.reason)
          order by p.id),
          '[]'::json)
        from buyer_calls p where p.lead_id = ${leadId} and p.kind = 'post') as posts,
      ${lastBought} as "lastBought",
      (select coalesce(json_agg(json_build_array(a.buyer_id, a.credited_cents, a.charged_cents, a.held_cents)),
          '[]'::json) from ${buyerAccounts} a) as accounts
      from ${leads} where ${leads.id} = ${leadId}`),
  );
  if (!row) return undefined;
  return {
    sale: { status: row.status, doNotSell: row.doNotSell, suppressed: row.suppressed },
    consent: row.consent ? { ...row.consent, createdAt: new Date(row.consent.createdAt) } : undefined,
    posts: row.posts,
    lastBought: new Map(row.lastBought.map(([buyerId, at]) => [buyerId, new Date(at)])),
    accounts: new Map(
      row.accounts.map(([buyerId, credited, charged, held]) => [
        buyerId,
        { creditedCents: Number(credited), chargedCents: Number(charged), heldCents: Number(held) },
      ]),
    ),
  };
}
