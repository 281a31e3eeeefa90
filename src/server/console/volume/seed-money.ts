import { randomBytes } from "node:crypto";
import type { ReceiptKey } from "../../partners/receipts/receipt-key.ts";
import { eq, sql } from "drizzle-orm";
import { payoutFor, RETURN_REASONS } from "../../../domain/partners/publisher.ts";
import { SEEDED_LEAD_ID_PATTERN } from "../../../domain/sample-data.ts";
import type { Db } from "../../platform/db/database.ts";
import { leadReturns, payoutHolds, publishers, settledEvents } from "../../platform/db/schema.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { appendLedger, type LedgerEvent } from "../../partners/ledger/ledger-store.ts";
import { monthOf } from "../../partners/ledger/ledger-chain.ts";
import {
  createPublisher,
  creditedWith,
  updatePublisher,
  type Publisher,
} from "../../partners/publishers/publisher-store.ts";
import { allowedReturns, monthRange, termsOf, windowEndOf } from "../../partners/returns/return-terms.ts";
import { closeMonth, previousMonth } from "../../partners/statements/statement-store.ts";
import { rowsOf } from "../reports/report-period.ts";
import { seedBuyer, seedPublisher, SEED_BUYER_PREFIX, sourceName } from "./seed-shape.ts";

// The seeded volume's money (docs/decisions/0045-seeded-volume.md): a publisher per affiliate id with its clicks, and the history
// the settle pass, the returns and the statements would have left had the seeded auctions been live. Each seeded
// auction's events become ledger rows through the ledger's own append (so the chain verifies), dated when they
// happened; they are marked settled as the pass marks them, so a server started on the seed settles none again.
// Some sales are returned and approved; payouts whose hold has ended are final, the others wait on hold; every
// ended month's statements are closed. The ledger is append-only: money is seeded only into an empty one.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** About one sale in this many is returned, under each buyer's cap. */
const RETURN_ONE_IN = 25;
/** Ledger rows appended per transaction. */
const APPEND_BATCH = 2_000;

export class SeedRefused extends Error {}

/** Refuses, before anything is written, to seed over a ledger that holds rows: they can be neither removed nor mixed. */
export async function refuseOverMoney(db: Db): Promise<void> {
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from ledger_entries`);
  const rows = Number(row?.n ?? 0);
  if (rows > 0)
    throw new SeedRefused(
      `The ledger already holds ${rows} rows and is append-only, so a seed can neither replace nor add to its money. ` +
        "Seed an empty database: another DATA_DIR (e.g. DATA_DIR=./data-demo, for the seed and the server), " +
        "or a new PostgreSQL database in DATABASE_URL.",
    );
}

/**
 * The seeded publishers by aff_id, made (or set again) as if they had existed since `since`, before the first seeded
 * lead. Throws SeedRefused when another publisher has one of their aff_ids.
 */
export async function seedPublishers(
  db: Db,
  cipher: PiiCipher,
  count: number,
  since: Date,
): Promise<Map<string, Publisher>> {
  const byAffId = new Map<string, Publisher>();
  for (let k = 0; k < count; k++) {
    const settings = seedPublisher(k);
    const made = await createPublisher(db, cipher, settings);
    if (made === null) {
      const saved = await updatePublisher(db, settings);
      if (saved === "aff_id taken" || saved === null)
        throw new SeedRefused(`Another publisher already has the aff_id ${settings.aff_id} the seed uses.`);
    }
    const [row] = await db
      .update(publishers)
      .set({ createdAt: since, updatedAt: since })
      .where(eq(publishers.id, settings.id))
      .returning({ createdAt: publishers.createdAt, updatedAt: publishers.updatedAt });
    byAffId.set(settings.aff_id, {
      ...settings,
      created_at: row!.createdAt.toISOString(),
      updated_at: row!.updatedAt.toISOString(),
    });
  }
  return byAffId;
}

/**
 * Clicks on the seeded publishers' tracking links: a few more each UTC day than the leads their source started, so
 * My traffic reads like a publisher's (partners/tracking/click-count.ts keeps the same rows for live clicks).
 */
async function seedClicks(db: Db, sources: number) {
  const bySource = sql.join(
    Array.from({ length: sources }, (_, k) => sql`(${sourceName(k)}, ${seedPublisher(k).id})`),
    sql`, `,
  );
  await db.execute(sql`insert into publisher_clicks (publisher_id, day, sub1, clicks)
    select p.id, to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD'), '', ceil(count(*) * 1.4)::int
    from leads l join (values ${bySource}) as p(source, id) on p.source = l.utm_source
    where l.id ~ ${SEEDED_LEAD_ID_PATTERN}
    group by 1, 2
    on conflict (publisher_id, day, sub1) do update set clicks = excluded.clicks`);
}

type SeededAuction = {
  lead_id: string;
  created_at: Date;
  decided_at: Date;
  status: "accepted" | "rejected";
  buyer_id: string | null;
  price_cents: number | null;
  aff_id: string | null;
};

type Hold = { leadId: string; publisherId: string; amountCents: number; dueAt: Date };
type Sale = { leadId: string; buyerId: string; priceCents: number; at: Date };

const readAuctions = async (db: Db): Promise<SeededAuction[]> =>
  (
    await rowsOf<Omit<SeededAuction, "created_at" | "decided_at"> & { created_at: string; decided_at: string }>(
      db,
      sql`select lead_id, created_at, decided_at, status, buyer_id, price_cents, attribution->>'aff_id' as aff_id
        from auctions where lead_id ~ ${SEEDED_LEAD_ID_PATTERN} and status in ('accepted', 'rejected')
        order by created_at, lead_id`,
    )
  ).map((a) => ({ ...a, created_at: new Date(a.created_at), decided_at: new Date(a.decided_at) }));

/** Sales returned and approved: every RETURN_ONE_IN-th, oldest first, requested within the buyer's window and under its cap. */
function pickReturns(sales: Sale[], now: Date) {
  const soldBy = new Map<string, number[]>();
  for (const s of sales) {
    const times = soldBy.get(s.buyerId) ?? [];
    times.push(s.at.getTime());
    soldBy.set(s.buyerId, times);
  }
  const returnedIn = new Map<string, number>();
  const picked: { sale: Sale; requestedAt: Date; decidedAt: Date }[] = [];
  for (const [n, sale] of sales.entries()) {
    if (n % RETURN_ONE_IN !== 0) continue;
    const k = Number(sale.buyerId.slice(SEED_BUYER_PREFIX.length));
    const terms = termsOf(seedBuyer(k));
    const closes = windowEndOf(sale.at, terms).getTime();
    const requestedAt = new Date(sale.at.getTime() + Math.random() * (closes - sale.at.getTime()));
    const decidedAt = new Date(requestedAt.getTime() + (2 + Math.random() * 22) * HOUR_MS);
    if (decidedAt.getTime() > now.getTime() - HOUR_MS) continue;
    // The cap counts the buyer's sales of the request's month made by the request (return-store.ts).
    const month = monthRange(requestedAt);
    const boughtSoFar = (soldBy.get(sale.buyerId) ?? []).filter(
      (t) => t >= month.start.getTime() && t <= requestedAt.getTime(),
    ).length;
    const key = `${sale.buyerId}:${monthOf(requestedAt)}`;
    if ((returnedIn.get(key) ?? 0) >= allowedReturns(boughtSoFar, terms)) continue;
    returnedIn.set(key, (returnedIn.get(key) ?? 0) + 1);
    picked.push({ sale, requestedAt, decidedAt });
  }
  return picked;
}

export type MoneyCounts = { publishers: number; ledger_rows: number; returns: number; statements_closed: number };

/** The clicks and money of the seeded auctions up to `now`, under `publisherOf` (seedPublishers). */
export async function seedMoney(
  db: Db,
  key: ReceiptKey,
  publisherOf: Map<string, Publisher>,
  now: Date,
): Promise<MoneyCounts> {
  await seedClicks(db, publisherOf.size);
  const ledger: LedgerEvent[] = [];
  const settled: (typeof settledEvents.$inferInsert)[] = [];
  const holds = new Map<string, Hold>();
  const sales: Sale[] = [];

  // What the settle pass would have written for each auction (settle/settle-auctions.ts), at the event's time.
  for (const a of await readAuctions(db)) {
    const found = a.aff_id === null ? undefined : publisherOf.get(a.aff_id);
    const publisher = found !== undefined && creditedWith(found, a.created_at) ? found : null;
    const earn = (cents: number | null, at: Date) => {
      if (publisher === null || cents === null || cents <= 0 || holds.has(a.lead_id)) return null;
      ledger.push({ kind: "payout_earned", leadId: a.lead_id, publisherId: publisher.id, amountCents: cents, at });
      const dueAt = new Date(at.getTime() + publisher.hold_days * DAY_MS);
      holds.set(a.lead_id, { leadId: a.lead_id, publisherId: publisher.id, amountCents: cents, dueAt });
      return cents;
    };
    const completedPayout = publisher && earn(payoutFor(publisher, { kind: "completed" }), a.created_at);
    settled.push({
      leadId: a.lead_id,
      event: "completed",
      publisherId: publisher?.id ?? null,
      payoutCents: completedPayout ?? null,
      at: a.created_at,
    });
    if (a.status === "accepted" && a.buyer_id !== null && a.price_cents !== null) {
      const sale = { leadId: a.lead_id, buyerId: a.buyer_id, priceCents: a.price_cents, at: a.decided_at };
      sales.push(sale);
      ledger.push({ kind: "sold", leadId: a.lead_id, buyerId: a.buyer_id, amountCents: a.price_cents, at: sale.at });
    }
    const soldPayout =
      publisher && a.status === "accepted"
        ? earn(payoutFor(publisher, { kind: "sold", priceCents: a.price_cents ?? 0 }), a.decided_at)
        : null;
    settled.push({
      leadId: a.lead_id,
      event: a.status === "accepted" ? "sold" : "rejected",
      publisherId: publisher?.id ?? null,
      payoutCents: soldPayout ?? null,
      at: a.decided_at,
    });
  }

  // Approved returns (returns/return-decision.ts): the buyer's charge back, and the payout while still on hold.
  const returns = pickReturns(sales, now);
  for (const { sale, decidedAt } of returns) {
    ledger.push({
      kind: "returned",
      leadId: sale.leadId,
      buyerId: sale.buyerId,
      amountCents: -sale.priceCents,
      at: decidedAt,
    });
    const hold = holds.get(sale.leadId);
    if (hold !== undefined && decidedAt.getTime() < hold.dueAt.getTime()) {
      ledger.push({
        kind: "payout_reversed",
        leadId: sale.leadId,
        publisherId: hold.publisherId,
        amountCents: -hold.amountCents,
        at: decidedAt,
      });
      holds.delete(sale.leadId);
    }
  }
  // Payouts whose hold ended are final (settle/payout-finals.ts); the rest stay on hold for the server's pass.
  for (const hold of [...holds.values()]) {
    if (hold.dueAt.getTime() > now.getTime()) continue;
    ledger.push({
      kind: "payout_final",
      leadId: hold.leadId,
      publisherId: hold.publisherId,
      amountCents: hold.amountCents,
      at: hold.dueAt,
    });
    holds.delete(hold.leadId);
  }

  // In the order they happened, so the chain reads as the history it is.
  ledger.sort((x, y) => x.at!.getTime() - y.at!.getTime());
  let written = 0;
  for (let i = 0; i < ledger.length; i += APPEND_BATCH) {
    const batch = ledger.slice(i, i + APPEND_BATCH);
    written += (await db.transaction((tx) => appendLedger(tx, batch, now))).length;
  }
  for (let i = 0; i < settled.length; i += APPEND_BATCH)
    await db
      .insert(settledEvents)
      .values(settled.slice(i, i + APPEND_BATCH))
      .onConflictDoNothing();
  const waiting = [...holds.values()].map(({ leadId, publisherId, amountCents, dueAt }) => ({
    leadId,
    publisherId,
    amountCents,
    dueAt,
  }));
  for (let i = 0; i < waiting.length; i += APPEND_BATCH)
    await db
      .insert(payoutHolds)
      .values(waiting.slice(i, i + APPEND_BATCH))
      .onConflictDoNothing();
  const reasons = RETURN_REASONS.filter((r) => r !== "other");
  const returnRows = returns.map(({ sale, requestedAt, decidedAt }, n) => ({
    id: `ret_${randomBytes(8).toString("hex")}`,
    leadId: sale.leadId,
    buyerId: sale.buyerId,
    reason: reasons[n % reasons.length]!,
    state: "approved" as const,
    source: "api" as const,
    requestedAt,
    decidedAt,
    decisionNote: "Sample data: approved by the seed.",
  }));
  for (let i = 0; i < returnRows.length; i += APPEND_BATCH)
    await db.insert(leadReturns).values(returnRows.slice(i, i + APPEND_BATCH));

  // Every ended month with seeded money closed, as the console or the next month's settle pass would close it.
  let closed = 0;
  const last = previousMonth(now);
  const first = ledger[0] === undefined ? last : monthOf(ledger[0].at!);
  for (let month = first; month <= last; month = nextMonth(month)) closed += await closeMonth(db, key, month, now);
  return { publishers: publisherOf.size, ledger_rows: written, returns: returnRows.length, statements_closed: closed };
}

const nextMonth = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
};
