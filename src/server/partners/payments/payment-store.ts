import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { roomCents, type Billing } from "#domain/buyers/billing.ts";
import { parseIsoDate } from "#domain/calendar-date.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { buyerAccounts, buyerPayments, operators } from "../../platform/db/schema.ts";
import { appendLedger } from "../ledger/ledger-store.ts";
import { violatedConstraint } from "../../platform/db/violated-constraint.ts";
import { dollarsToCents } from "#domain/money.ts";

// A buyer's payments (docs/product/buyer-money.md#payments): the payment row, its ledger row (kind `payment`, keyed
// by the payment's id, decision 0054) and the credit on the buyer's account, in one transaction. A payment the
// provider confirms carries its id there (`external_id`), so a confirmation delivered twice is recorded once.

type PaymentSource = "operator" | "stripe";
type PaymentRow = typeof buyerPayments.$inferSelect;

/** What a payment's recording needs of the buyer's configuration: its room, and the alert's threshold. */
export type PaymentBilling = Pick<Billing, "kind" | "creditLimit" | "lowRoomAlert">;

/** A buyer's running sums (schema's buyer_accounts) and the room they leave, in cents; room null when unbilled. */
export type BuyerAccountView = {
  creditedCents: number;
  chargedCents: number;
  heldCents: number;
  roomCents: number | null;
  lowRoomAlertedAt: Date | null;
};

export type PaymentInput = {
  buyerId: string;
  amountCents: number;
  reference: string;
  /** The day the money arrived, YYYY-MM-DD. */
  paidOn: string;
  source: PaymentSource;
  /** The provider's id of the payment: a second one with the same source and id is not recorded again. */
  externalId?: string;
  operatorId?: string;
  now?: Date;
  /** Runs in the same transaction once a new payment is written (the console's audit entry); not for a repeat. */
  onRecorded?: (tx: Tx, payment: PaymentRow) => Promise<void>;
};

export type RecordedPayment = {
  payment: PaymentRow;
  /** False when the provider's payment was recorded before: nothing was written this time. */
  created: boolean;
  account: BuyerAccountView;
};

type AccountRow = Pick<
  typeof buyerAccounts.$inferSelect,
  "creditedCents" | "chargedCents" | "heldCents" | "lowRoomAlertedAt"
>;
const NO_ACCOUNT: AccountRow = { creditedCents: 0, chargedCents: 0, heldCents: 0, lowRoomAlertedAt: null };

const viewOf = (row: AccountRow, billing: PaymentBilling): BuyerAccountView => ({
  creditedCents: Number(row.creditedCents),
  chargedCents: Number(row.chargedCents),
  heldCents: Number(row.heldCents),
  roomCents: roomCents(billing, {
    creditedCents: Number(row.creditedCents),
    chargedCents: Number(row.chargedCents),
    heldCents: Number(row.heldCents),
  }),
  lowRoomAlertedAt: row.lowRoomAlertedAt,
});

/**
 * Whether the low-room mark may go: the room is back at the threshold or above (docs/product/buyer-money.md#low-room-alert).
 * Without a threshold, or unbilled (no limit), nothing is low.
 */
const roomRestored = (room: number | null, billing: PaymentBilling) =>
  room === null || billing.lowRoomAlert === undefined || room >= dollarsToCents(billing.lowRoomAlert);

const accountColumns = {
  creditedCents: buyerAccounts.creditedCents,
  chargedCents: buyerAccounts.chargedCents,
  heldCents: buyerAccounts.heldCents,
  lowRoomAlertedAt: buyerAccounts.lowRoomAlertedAt,
};

async function accountRow(db: Db | Tx, buyerId: string): Promise<AccountRow> {
  const [row] = await db.select(accountColumns).from(buyerAccounts).where(eq(buyerAccounts.buyerId, buyerId));
  return row ?? NO_ACCOUNT;
}

/** An operator's payment whose reference the buyer already has a payment under (compared without case). */
export class DuplicatePaymentReference extends Error {
  override name = "DuplicatePaymentReference";
}

export async function recordPayment(db: Db, input: PaymentInput, billing: PaymentBilling): Promise<RecordedPayment> {
  try {
    return await writePayment(db, input, billing);
  } catch (error) {
    if (violatedConstraint(error) === "buyer_payments_operator_reference_idx")
      throw new DuplicatePaymentReference(`buyer ${input.buyerId} has a payment with this reference`);
    throw error;
  }
}

async function writePayment(db: Db, input: PaymentInput, billing: PaymentBilling): Promise<RecordedPayment> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error(`a payment is a whole number of cents above 0, not ${input.amountCents}`);
  if (parseIsoDate(input.paidOn) === undefined) throw new Error(`a payment's day is YYYY-MM-DD, not ${input.paidOn}`);
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(buyerPayments)
      .values({
        id: `pay_${randomBytes(8).toString("hex")}`,
        buyerId: input.buyerId,
        amountCents: input.amountCents,
        reference: input.reference,
        paidOn: input.paidOn,
        source: input.source,
        externalId: input.externalId ?? null,
        operatorId: input.operatorId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [buyerPayments.source, buyerPayments.externalId] })
      .returning();
    if (payment === undefined) {
      // Only a provider's id conflicts (an operator's payment has none): that payment, as first recorded.
      const [existing] = await tx
        .select()
        .from(buyerPayments)
        .where(and(eq(buyerPayments.source, input.source), eq(buyerPayments.externalId, input.externalId ?? "")));
      if (existing === undefined) throw new Error(`payment ${input.source}/${input.externalId}: conflict, yet no row`);
      return { payment: existing, created: false, account: viewOf(await accountRow(tx, existing.buyerId), billing) };
    }
    const written = await appendLedger(
      tx,
      [{ kind: "payment", leadId: payment.id, buyerId: payment.buyerId, amountCents: payment.amountCents }],
      now,
    );
    if (written.length !== 1) throw new Error(`payment ${payment.id}: its ledger row was not written`);
    // The account row after the ledger's lock (appendLedger): a writer taking both takes them in this order, so two
    // such writers never wait on each other crosswise.
    const [credited] = await tx
      .insert(buyerAccounts)
      .values({ buyerId: payment.buyerId, creditedCents: payment.amountCents })
      .onConflictDoUpdate({
        target: buyerAccounts.buyerId,
        set: {
          creditedCents: sql`${buyerAccounts.creditedCents} + excluded.credited_cents`,
          updatedAt: sql`now()`,
        },
      })
      .returning(accountColumns);
    let account = viewOf(credited!, billing);
    if (account.lowRoomAlertedAt !== null && roomRestored(account.roomCents, billing)) {
      await tx.update(buyerAccounts).set({ lowRoomAlertedAt: null }).where(eq(buyerAccounts.buyerId, payment.buyerId));
      account = { ...account, lowRoomAlertedAt: null };
    }
    await input.onRecorded?.(tx, payment);
    return { payment, created: true, account };
  });
}

/** The buyer's account as it stands (zeros before its first payment or sale). */
export async function buyerAccountOf(db: Db, buyerId: string, billing: PaymentBilling): Promise<BuyerAccountView> {
  return viewOf(await accountRow(db, buyerId), billing);
}

export type PaymentListed = PaymentRow & { recordedBy: string | null };

/** The buyer's payments, newest first, at most `limit`, each with the e-mail of the operator who recorded it. */
export async function paymentsOf(db: Db, buyerId: string, limit: number): Promise<PaymentListed[]> {
  const rows = await db
    .select({ row: buyerPayments, email: operators.email })
    .from(buyerPayments)
    .leftJoin(operators, eq(operators.id, buyerPayments.operatorId))
    .where(eq(buyerPayments.buyerId, buyerId))
    .orderBy(desc(buyerPayments.createdAt), desc(buyerPayments.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.row, recordedBy: r.email }));
}
