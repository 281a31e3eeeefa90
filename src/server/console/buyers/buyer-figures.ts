import { inArray } from "drizzle-orm";
import { CAP_PERIODS } from "../../../domain/buyers/buyer-outcomes.ts";
import { isBilled, roomCents } from "../../../domain/buyers/billing.ts";
import type { BuyerSummary } from "../../../domain/contracts/console-buyers.ts";
import type { Db } from "../../platform/db/database.ts";
import { buyerAccounts } from "../../platform/db/schema.ts";
import type { Buyer } from "../../distribution/auction/buyer-config.ts";
import { capUse, capUses, type BuyerAccount, type CapUse } from "../../distribution/auction/auction-store.ts";
import { dollarsToCents } from "../../../domain/money.ts";

// A buyer's figures of the day as the buyers list shows them (read by reports/buyer-day-figures.ts, which the console
// hands the list's route), its caps and budgets, counted as the auction counts them (capUse, capUses), and its money
// as the auction reads it (buyer_accounts, docs/product/buyer-money.md#room).

export type Figures = BuyerSummary["today"];

const NONE: Figures = {
  pings: 0,
  bids: 0,
  posts: 0,
  sold: 0,
  revenue_cents: 0,
  post_acceptance: null,
  p50_ms: null,
  p90_ms: null,
  timeouts: 0,
  connection_failures: 0,
};

export const noFigures = (): Figures => ({ ...NONE });

/** A buyer's caps and budgets, each with what it has used. */
export type Limits = Pick<BuyerSummary, "caps" | "budgets">;

const NO_USE: CapUse = { hour: 0, day: 0, week: 0, month: 0, dayCents: 0, monthCents: 0 };

/** The caps a buyer has, each with what it has used (`used`) in its own current hour, day, week and month. */
function capsWith(buyer: Buyer, used: CapUse): BuyerSummary["caps"] {
  const count = { hourly: used.hour, daily: used.day, weekly: used.week, monthly: used.month };
  return Object.fromEntries(
    CAP_PERIODS.flatMap((period) => {
      const cap = buyer.caps[period];
      return cap !== undefined ? [[period, { used: count[period], cap }]] : [];
    }),
  );
}

/** The budgets a buyer has (dollars in its configuration), each with what it was sold in its day and month, in cents. */
function budgetsWith(buyer: Buyer, used: CapUse): BuyerSummary["budgets"] {
  const { daily, monthly } = buyer.budget ?? {};
  return {
    ...(daily !== undefined ? { daily: { used_cents: used.dayCents, budget_cents: dollarsToCents(daily) } } : {}),
    ...(monthly !== undefined
      ? { monthly: { used_cents: used.monthCents, budget_cents: dollarsToCents(monthly) } }
      : {}),
  };
}

const limitsWith = (buyer: Buyer, used: CapUse): Limits => ({
  caps: capsWith(buyer, used),
  budgets: budgetsWith(buyer, used),
});

const counted = (buyer: Buyer) =>
  CAP_PERIODS.some((period) => buyer.caps[period] !== undefined) ||
  buyer.budget?.daily !== undefined ||
  buyer.budget?.monthly !== undefined;

/** The caps and budgets a buyer has, each with what it has used in its own current hour, day, week and month. */
export async function capsOf(db: Db, buyer: Buyer, now: Date): Promise<Limits> {
  return limitsWith(buyer, counted(buyer) ? await capUse(db, buyer, now) : NO_USE);
}

/** capsOf of many buyers, their use counted in one statement (capUses). */
export async function capsOfAll(db: Db, buyers: Buyer[], now: Date): Promise<Map<string, Limits>> {
  const used = await capUses(db, buyers.filter(counted), now);
  return new Map(buyers.map((b) => [b.id, limitsWith(b, used.get(b.id) ?? NO_USE)]));
}

/** A buyer's money as its summary shows it. */
export type Money = Pick<BuyerSummary, "billing" | "account">;

// A configuration stored before billing existed, shown as stored (buyer-store.ts rowConfig), has none: unbilled.
const billingOf = (buyer: Buyer) => buyer.billing ?? { kind: "none" as const };

/** The accounts of the billed buyers among `buyers`, in one statement; a billed buyer with none yet is absent. */
export async function accountsOf(db: Db, buyers: Buyer[]): Promise<Map<string, BuyerAccount>> {
  const billed = buyers.filter((b) => isBilled(billingOf(b))).map((b) => b.id);
  if (billed.length === 0) return new Map();
  const rows = await db
    .select({
      buyerId: buyerAccounts.buyerId,
      creditedCents: buyerAccounts.creditedCents,
      chargedCents: buyerAccounts.chargedCents,
      heldCents: buyerAccounts.heldCents,
    })
    .from(buyerAccounts)
    .where(inArray(buyerAccounts.buyerId, billed));
  return new Map(
    rows.map((r) => [
      r.buyerId,
      { creditedCents: Number(r.creditedCents), chargedCents: Number(r.chargedCents), heldCents: Number(r.heldCents) },
    ]),
  );
}

/**
 * How the buyer pays and, billed, its account and room: an account not started yet counts from nothing (a prepaid
 * buyer has no room until its first payment, docs/product/buyer-money.md#room).
 */
export function moneyOf(buyer: Buyer, account: BuyerAccount | undefined): Money {
  const billing = billingOf(buyer);
  const sums = account ?? { creditedCents: 0, chargedCents: 0, heldCents: 0 };
  const room = roomCents(billing, sums);
  return {
    billing: billing.kind,
    account:
      room === null
        ? null
        : {
            room_cents: room,
            credited_cents: sums.creditedCents,
            charged_cents: sums.chargedCents,
            held_cents: sums.heldCents,
          },
  };
}
