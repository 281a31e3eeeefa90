import { z } from "zod";
import { dollarsToCents } from "../money.ts";

// How a buyer pays (docs/product/buyer-money.md#billing): prepaid (it buys while its balance lasts), on credit (it
// buys while what it owes stays under its limit) or unbilled (no limit, as before this was built). Part of the buyer's
// configuration, so a change is a version an operator saves or approves.

export const BILLING_KINDS = ["none", "prepaid", "credit"] as const;
export type BillingKind = (typeof BILLING_KINDS)[number];

export const INVOICE_PERIODS = ["weekly", "monthly"] as const;
export type InvoicePeriod = (typeof INVOICE_PERIODS)[number];

const dollars = z.number({ message: "must be an amount in dollars" }).min(0, "must be 0 or more");

export const billingSchema = z
  .object({
    kind: z.enum(BILLING_KINDS, { message: "must be none, prepaid or credit" }).default("none"),
    /** On credit: the most it may owe (dollars), sales not yet paid for and posts in flight included. */
    creditLimit: dollars.max(10_000_000).optional(),
    /** The buyer is e-mailed once when its room falls below this (dollars), and again only after it rose above. */
    lowRoomAlert: dollars.optional(),
    /** Where the low-room alert and the closed invoices go. */
    email: z.email({ message: "must be an e-mail address" }).max(254).optional(),
    /** How often its invoices are closed: each week (Monday to Sunday, UTC) or each calendar month. */
    invoicePeriod: z.enum(INVOICE_PERIODS, { message: "must be weekly or monthly" }).default("monthly"),
  })
  .superRefine((b, ctx) => {
    if (b.kind === "credit" && b.creditLimit === undefined)
      ctx.addIssue({ code: "custom", path: ["creditLimit"], message: "a buyer on credit needs a credit limit" });
    if (b.lowRoomAlert !== undefined && b.email === undefined)
      ctx.addIssue({ code: "custom", path: ["email"], message: "a low-room alert needs an e-mail address" });
  })
  .prefault({});
export type Billing = z.infer<typeof billingSchema>;

/** Whether sales are limited by the buyer's money (prepaid or on credit). */
export const isBilled = (billing: Pick<Billing, "kind">) => billing.kind !== "none";

/**
 * The buyer's room in cents: what it may still be sold. Prepaid: its payments and refunds less what it was charged and
 * what is in flight; on credit, its limit on top. Unbilled: no limit (null).
 */
/** What a buyer on credit may owe, in cents; 0 for any other (a prepaid buyer's room is its payments alone). */
export const creditLimitCents = (billing: Pick<Billing, "kind" | "creditLimit">): number =>
  billing.kind === "credit" ? dollarsToCents(billing.creditLimit ?? 0) : 0;

export function roomCents(
  billing: Pick<Billing, "kind" | "creditLimit">,
  account: { creditedCents: number; chargedCents: number; heldCents: number },
): number | null {
  if (billing.kind === "none") return null;
  return creditLimitCents(billing) + account.creditedCents - account.chargedCents - account.heldCents;
}
