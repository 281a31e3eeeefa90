import { sql } from "drizzle-orm";
import { payoutFor } from "../../../domain/partners/publisher.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { payoutHolds, settledEvents, settleCursor } from "../../platform/db/schema.ts";
import { appendLedger, type LedgerEvent, type LedgerRow } from "../ledger/ledger-store.ts";
import type { PostbackEvent, PostbackSink } from "../postbacks/postback-events.ts";
import { creditedWith, publisherByAffId, type Publisher } from "../publishers/publisher-store.ts";

// The settle pass's first half (docs/product/partners.md#payouts): each live lead's completed application (its
// auction created), sale (accepted) or rejection becomes its ledger rows (sold, payout_earned) and a postback for
// its publisher, once. Each event is marked in `settled_events` in the transaction that writes its rows and hands
// it to the sink, so a pass run again, or in two processes at once, writes and posts nothing twice.

type SettledEventName = "completed" | "sold" | "rejected";

/** Any fixed number: at most one process settles at a time; the others skip their turn. */
const SETTLE_LOCK = 20_002;
const CURSOR = "auctions";
/**
 * How far before the cursor each pass looks again: an auction's `created_at` and `decided_at` are the time its
 * transaction started, so a row can become visible after a pass that began later than its timestamp.
 */
const SETTLE_MARGIN_MS = 10 * 60 * 1000;

type Candidate = {
  lead_id: string;
  status: string;
  buyer_id: string | null;
  price_cents: number | null;
  attribution: Record<string, string>;
  created_at: string;
  completed: boolean;
  decided: boolean;
};

type Planned = {
  leadId: string;
  event: SettledEventName;
  publisher: Publisher | null;
  ledger: LedgerEvent[];
  attribution: Record<string, string>;
};

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** Takes the settle lock for the transaction, or answers false when another process holds it. */
export async function trySettleLock(tx: Tx): Promise<boolean> {
  const [row] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SETTLE_LOCK}) as ok`);
  return row?.ok === true;
}

/** Auctions created or decided since `from` whose events are not all settled yet: two index scans and anti-joins. */
const candidates = (tx: Tx, from: string, limit: number) =>
  rowsOf<Candidate>(
    tx,
    sql`select a.lead_id, a.status, a.buyer_id, a.price_cents, a.attribution,
        to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
        exists (select 1 from settled_events s where s.lead_id = a.lead_id and s.event = 'completed') as completed,
        exists (select 1 from settled_events s where s.lead_id = a.lead_id and s.event in ('sold', 'rejected')) as decided
      from auctions a join leads l on l.id = a.lead_id
      where a.lead_id in (
          select lead_id from auctions where created_at >= ${from}::timestamptz
          union
          select lead_id from auctions where decided_at >= ${from}::timestamptz)
        and not a.test_mode and not l.test_mode
        and (not exists (select 1 from settled_events s where s.lead_id = a.lead_id and s.event = 'completed')
          or (a.status in ('accepted', 'rejected')
            and not exists (select 1 from settled_events s where s.lead_id = a.lead_id and s.event in ('sold', 'rejected'))))
      order by a.created_at, a.lead_id
      limit ${limit}`,
  );

/** The events of a candidate not settled yet, with their ledger rows under its publisher's rule. */
function plan(c: Candidate, publisher: Publisher | null): Planned[] {
  const planned: Planned[] = [];
  const payout = (cents: number | null): LedgerEvent[] =>
    publisher !== null && cents !== null && cents > 0
      ? [{ kind: "payout_earned", leadId: c.lead_id, publisherId: publisher.id, amountCents: cents }]
      : [];
  const base = { leadId: c.lead_id, publisher, attribution: c.attribution };
  if (!c.completed) {
    const cents = publisher === null ? null : payoutFor(publisher, { kind: "completed" });
    planned.push({ ...base, event: "completed", ledger: payout(cents) });
  }
  if (!c.decided && c.status === "accepted") {
    const sold: LedgerEvent[] =
      c.price_cents !== null && c.buyer_id !== null
        ? [{ kind: "sold", leadId: c.lead_id, buyerId: c.buyer_id, amountCents: c.price_cents }]
        : [];
    const cents = publisher === null ? null : payoutFor(publisher, { kind: "sold", priceCents: c.price_cents ?? 0 });
    planned.push({ ...base, event: "sold", ledger: [...sold, ...payout(cents)] });
  }
  if (!c.decided && c.status === "rejected") planned.push({ ...base, event: "rejected", ledger: [] });
  return planned;
}

export type SettleCounts = { completed: number; sold: number; rejected: number };

/**
 * One batch in one transaction: at most `limit` leads. Answers null when another process holds the settle lock,
 * else what was settled and whether the batch was full (more may wait).
 */
async function settleBatch(
  db: Db,
  deps: { sink: PostbackSink; now: Date; from: string; limit: number },
): Promise<{ counts: SettleCounts; full: boolean } | null> {
  return db.transaction(async (tx) => {
    if (!(await trySettleLock(tx))) return null;
    const found = await candidates(tx, deps.from, deps.limit);
    const publishers = new Map<string, Publisher | null>();
    const publisherOf = async (affId: string | undefined) => {
      if (!affId) return null;
      if (!publishers.has(affId)) {
        const p = await publisherByAffId(tx as unknown as Db, affId);
        // A disabled publisher's new leads earn nothing and post nothing (docs/product/partners.md#publishers).
        publishers.set(affId, p?.enabled ? p : null);
      }
      return publishers.get(affId)!;
    };
    const planned: Planned[] = [];
    for (const c of found) {
      const publisher = await publisherOf(c.attribution.aff_id);
      // Its aff_id's publisher only if it existed when the application came (docs/product/partners.md#publishers).
      const credited = publisher !== null && creditedWith(publisher, new Date(c.created_at)) ? publisher : null;
      planned.push(...plan(c, credited));
    }

    const written = await appendLedger(
      tx,
      planned.flatMap((p) => p.ledger),
      deps.now,
    );
    // The payout each event earned: its payout_earned row if this batch wrote it (a lead earns once, so the first
    // event that carried one; an earlier pass's row, under a rule changed since, is not earned again).
    const paid = new Map(written.filter((r) => r.kind === "payout_earned").map((r) => [r.lead_id, r]));
    const earnedBy = new Map<Planned, LedgerRow>();
    for (const p of planned) {
      const row = paid.get(p.leadId);
      if (row !== undefined && p.ledger.some((e) => e.kind === "payout_earned")) {
        earnedBy.set(p, row);
        paid.delete(p.leadId);
      }
    }
    const payoutOf = (p: Planned) => earnedBy.get(p)?.amount_cents ?? null;
    const counts: SettleCounts = { completed: 0, sold: 0, rejected: 0 };
    if (planned.length === 0) return { counts, full: false };

    const marked = await tx
      .insert(settledEvents)
      .values(
        planned.map((p) => ({
          leadId: p.leadId,
          event: p.event,
          publisherId: p.publisher?.id ?? null,
          payoutCents: payoutOf(p),
          at: deps.now,
        })),
      )
      .onConflictDoNothing()
      .returning({ leadId: settledEvents.leadId, event: settledEvents.event });
    const fresh = new Set(marked.map((m) => `${m.leadId}:${m.event}`));
    for (const p of planned) {
      if (!fresh.has(`${p.leadId}:${p.event}`)) continue;
      counts[p.event] += 1;
      if (p.publisher === null) continue;
      const event: PostbackEvent = {
        publisherId: p.publisher.id,
        leadId: p.leadId,
        event: p.event,
        payoutCents: payoutOf(p),
        attribution: p.attribution,
      };
      await deps.sink(tx, event);
    }

    const holds = planned.flatMap((p) => {
      const row = earnedBy.get(p);
      if (p.publisher === null || row === undefined) return [];
      const dueAt = new Date(Date.parse(row.at) + p.publisher.hold_days * 24 * 60 * 60 * 1000);
      return [{ leadId: p.leadId, publisherId: p.publisher.id, amountCents: row.amount_cents, dueAt }];
    });
    if (holds.length > 0) await tx.insert(payoutHolds).values(holds).onConflictDoNothing();
    return { counts, full: found.length === deps.limit };
  });
}

/**
 * Settles every auction created or decided since the cursor (less the margin), batch by batch, then moves the
 * cursor to the database's time when the pass began. The first pass of a database starts at that time less the
 * margin: sales before the settle pass existed are not money events of the ledger.
 */
export async function settleAuctions(
  db: Db,
  deps: { sink: PostbackSink; now: Date; batchSize?: number },
): Promise<SettleCounts> {
  const [state] = await rowsOf<{ started: string; mark: string | null }>(
    db as unknown as Tx,
    sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as started,
      (select to_char(mark at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from settle_cursor where name = ${CURSOR}) as mark`,
  );
  const started = state!.started;
  const from = new Date(Date.parse(state!.mark ?? started) - SETTLE_MARGIN_MS).toISOString();
  const total: SettleCounts = { completed: 0, sold: 0, rejected: 0 };
  for (;;) {
    const batch = await settleBatch(db, { ...deps, from, limit: deps.batchSize ?? 200 });
    // Another process is settling: it moves the cursor; this one tries again next time.
    if (batch === null) return total;
    for (const k of ["completed", "sold", "rejected"] as const) total[k] += batch.counts[k];
    if (!batch.full) break;
  }
  await db
    .insert(settleCursor)
    .values({ name: CURSOR, mark: new Date(started) })
    .onConflictDoUpdate({
      target: settleCursor.name,
      set: { mark: sql`greatest(${settleCursor.mark}, excluded.mark)` },
    });
  return total;
}
