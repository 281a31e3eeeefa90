import { sql } from "drizzle-orm";
import { creditLimitCents, roomCents } from "#domain/buyers/billing.ts";
import { fixedPriceFor, floorFor } from "#domain/buyers/price-rules.ts";
import { dollarsToCents, formatCents } from "#domain/money.ts";
import type { Db } from "../../platform/db/database.ts";
import { buyerAccounts } from "../../platform/db/schema.ts";
import { queueMail } from "../../platform/mail/mail-outbox.ts";
import type { BuyerAccount } from "./auction-store.ts";
import type { Buyer } from "./buyer-config.ts";
import type { LeadDocument } from "./lead-document.ts";

// A billed buyer's room at the auction (docs/product/buyer-money.md#room): one without room for what the lead would
// cost it is not pinged, and the alert its operator set goes once its room falls below the threshold.

const NO_ACCOUNT: BuyerAccount = { creditedCents: 0, chargedCents: 0, heldCents: 0 };

/** The least a lead costs the buyer in cents: its fixed price for the lead, or its floor for the lead as a bidder. */
function leastPriceCents(buyer: Buyer, doc: LeadDocument): number {
  const dollars = buyer.pricing.kind === "fixed" ? fixedPriceFor(buyer.pricing, doc).price : floorFor(buyer, doc);
  return dollarsToCents(dollars);
}

/**
 * Why a billed buyer cannot be offered the lead: its room (from its account as the run read it) is short of the lead's
 * least price, or spent for a bidder without a floor. Undefined when it has room, or is not billed.
 */
export function noRoom(buyer: Buyer, doc: LeadDocument, account: BuyerAccount | undefined): string | undefined {
  const room = roomCents(buyer.billing, account ?? NO_ACCOUNT);
  if (room === null) return undefined;
  const least = leastPriceCents(buyer, doc);
  if (room >= Math.max(least, 1)) return undefined;
  const what = buyer.billing.kind === "prepaid" ? "balance" : "credit left";
  return `${what} ${formatCents(room)}, lead ${formatCents(least)}`;
}

/**
 * After a sale to a buyer with a low-room alert: marks the crossing and queues the e-mail in one transaction, once per
 * crossing (a payment or return that lifts the room above the threshold clears the mark). Answers whether it went.
 */
export async function alertLowRoom(db: Db, buyer: Buyer): Promise<boolean> {
  const { billing } = buyer;
  if (billing.kind === "none" || billing.lowRoomAlert === undefined || !billing.email) return false;
  const threshold = dollarsToCents(billing.lowRoomAlert);
  const limit = creditLimitCents(billing);
  const email = billing.email;
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`update ${buyerAccounts} set low_room_alerted_at = now()
        where ${buyerAccounts.buyerId} = ${buyer.id} and ${buyerAccounts.lowRoomAlertedAt} is null
          and ${limit}::bigint + credited_cents - charged_cents - held_cents < ${threshold}::bigint
        returning ${limit}::bigint + credited_cents - charged_cents - held_cents as room`);
    const [crossed] = (result as unknown as { rows: { room: number | string }[] }).rows;
    if (!crossed) return false;
    const room = formatCents(Number(crossed.room));
    const kind = billing.kind === "prepaid" ? "prepaid balance" : "remaining credit";
    await queueMail(tx, {
      purpose: "buyer_low_room",
      to: email,
      subject: `Loanpath: ${buyer.name} has ${room} of room left`,
      body:
        `Your ${kind} is now ${room}, below the ${formatCents(threshold)} you asked to hear about.\n\n` +
        `When it cannot cover a lead's price, you are not offered leads. ` +
        (billing.kind === "prepaid"
          ? "Top up from the buyer portal, or pay us by transfer."
          : "Pay an open invoice to free your credit.") +
        `\n\nThis alert is sent once each time your room falls below the threshold.\n`,
    });
    return true;
  });
}
