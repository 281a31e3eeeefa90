import { z } from "zod";
import { BILLING_KINDS } from "../buyers/billing.ts";
import { parseIsoDate, toIsoDate } from "../calendar-date.ts";
import { answerOf } from "./envelope.ts";
import { dollarsToCents } from "../money.ts";

// A buyer's payments and account (docs/product/buyer-money.md#payments): an operator records a payment, anyone with
// partners:read sees the account, and a top-up page is made through the payment provider. Amounts asked of people are
// dollars; amounts answered are integer cents.

/** The most one payment may be, in dollars: ten million, the largest credit limit. */
const MAX_PAYMENT_DOLLARS = 10_000_000;
/** The least a top-up may be, in dollars: Stripe refuses a charge under half a dollar. */
const MIN_TOP_UP_DOLLARS = 1;
/** The payments an account's answer lists, newest first. */
export const PAYMENTS_LISTED = 100;

export const PAYMENT_MESSAGES = {
  amount: "Enter the amount in dollars, e.g. 1500 or 1500.50.",
  positive: "The amount must be more than $0.",
  cents: "Give the amount to the cent: at most two decimals.",
  tooLarge: `One payment is at most $${MAX_PAYMENT_DOLLARS.toLocaleString("en-US")}.`,
  topUpTooSmall: `A top-up is at least $${MIN_TOP_UP_DOLLARS}.`,
  reference: "Enter the payment's reference (the transfer's or cheque's), up to 100 characters.",
  day: "Enter the day the money arrived as YYYY-MM-DD.",
  future: "The payment's day cannot be in the future.",
} as const;

const toTheCent = (dollars: number) => Math.abs(dollars * 100 - dollarsToCents(dollars)) < 1e-6;

const dollars = z
  .number({ message: PAYMENT_MESSAGES.amount })
  .positive(PAYMENT_MESSAGES.positive)
  .max(MAX_PAYMENT_DOLLARS, PAYMENT_MESSAGES.tooLarge)
  .refine(toTheCent, PAYMENT_MESSAGES.cents);

/**
 * The latest day a payment may name: today where it is already latest (UTC+14), so an operator ahead of UTC is not
 * refused today's date, and nobody may name tomorrow's.
 */
const latestToday = () => toIsoDate(new Date(Date.now() + 14 * 3_600_000));

export const paymentRequest = z.object({
  amount: dollars,
  reference: z
    .string({ message: PAYMENT_MESSAGES.reference })
    .trim()
    .min(1, PAYMENT_MESSAGES.reference)
    .max(100, PAYMENT_MESSAGES.reference),
  paid_on: z
    .string({ message: PAYMENT_MESSAGES.day })
    .refine((v) => parseIsoDate(v) !== undefined, { message: PAYMENT_MESSAGES.day, abort: true })
    .refine((v) => v <= latestToday(), PAYMENT_MESSAGES.future),
});

export const topUpRequest = z.object({
  amount: dollars.refine((v) => v >= MIN_TOP_UP_DOLLARS, PAYMENT_MESSAGES.topUpTooSmall),
});

export const buyerPaymentParams = z.object({ id: z.string().min(1).max(63) });

const payment = z.object({
  id: z.string(),
  buyer_id: z.string(),
  amount_cents: z.number().int(),
  reference: z.string(),
  /** The day the money arrived, YYYY-MM-DD. */
  paid_on: z.string(),
  source: z.enum(["operator", "stripe"]),
  /** The provider's id of it (a Stripe Checkout Session's), null for an operator's. */
  external_id: z.string().nullable(),
  /** The e-mail of the operator who recorded it; null for the provider's. */
  recorded_by: z.string().nullable(),
  created_at: z.string(),
});
export type BuyerPayment = z.infer<typeof payment>;

const account = z.object({
  billing: z.enum(BILLING_KINDS),
  credited_cents: z.number().int(),
  charged_cents: z.number().int(),
  held_cents: z.number().int(),
  /** What it may still be sold; null when unbilled (no limit). */
  room_cents: z.number().int().nullable(),
  /** When the low-room alert went for the current crossing; null once a payment or return lifted it. */
  low_room_alerted_at: z.string().nullable(),
});
export type BuyerAccount = z.infer<typeof account>;

export const buyerAccountAnswer = answerOf(
  z.object({
    account,
    /** Whether a top-up page can be made here (a payment provider is configured). */
    top_up_offered: z.boolean(),
    /** Newest first, the latest PAYMENTS_LISTED; `more` when there are older ones. */
    payments: z.array(payment),
    more: z.boolean(),
  }),
);

export const paymentRecordedAnswer = answerOf(z.object({ payment, account }));

export const topUpAnswer = answerOf(z.object({ url: z.string() }));

/** Stripe's webhook: the payment recorded (now or before), or null when the event recorded none. */
export const webhookAnswer = answerOf(z.object({ payment_id: z.string().nullable() }));
