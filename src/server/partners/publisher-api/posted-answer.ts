import { CONGRATULATIONS_PAGE_PATH } from "#domain/client-routes.ts";
import type { PostedLeadAnswer } from "#domain/contracts/publisher-api.ts";
import { payoutFor, type PublisherSettings } from "#domain/partners/publisher.ts";
import type { AuctionState } from "../../distribution/auction/auction-desk.ts";
import { publicUrl } from "../../platform/security/link-token.ts";

// What a publisher is answered for its posted lead (docs/decisions/0050-publisher-post-api.md), from the lead's
// auction as it stands.

type RejectCode = Extract<PostedLeadAnswer, { status: "rejected" }>["reason"];

/** The auction's reasons (docs/product/lender-network.md) as the API's codes. */
const REJECT_CODES: Record<string, RejectCode> = {
  duplicate: "duplicate",
  "no eligible buyer": "no_buyer",
  "no buyer accepted": "no_buyer",
  "answer unreadable": "no_buyer",
  "do not sell": "do_not_sell",
  suppressed: "suppressed",
  "time budget": "time_budget",
};

/** How the auction's reason names a refusal by the gate (src/server/distribution/auction/auction.ts). */
const SCREENED = "screened: ";

/**
 * What the publisher earns for a sold lead under its rule now, as the settle pass will write it: a share of the
 * price or a fixed sum per sale, or, for a publisher paid per completed application, that sum. A test lead earns
 * nothing.
 */
export function postedPayout(
  rule: Pick<PublisherSettings, "payout_kind" | "payout_amount">,
  priceCents: number | null,
) {
  return payoutFor(rule, { kind: "sold", priceCents: priceCents ?? 0 }) ?? payoutFor(rule, { kind: "completed" });
}

/** The answer for the auction as it stands; `test`: whether the lead was posted as a test. */
export function postedAnswer(
  row: AuctionState,
  test: boolean,
  rule: Pick<PublisherSettings, "payout_kind" | "payout_amount">,
  publicBaseUrl: string,
): PostedLeadAnswer {
  const leadId = row.leadId;
  if (row.status === "accepted") {
    const redirect = row.redirectUrl ?? CONGRATULATIONS_PAGE_PATH;
    return {
      status: "sold",
      lead_id: leadId,
      payout_cents: test ? 0 : postedPayout(rule, row.priceCents ?? null),
      // A buyer's own page as it gave it; the product's own page made absolute, for a visitor on another site.
      redirect_url: redirect.startsWith("/") ? publicUrl(publicBaseUrl, redirect) : redirect,
      test,
    };
  }
  if (row.status === "rejected") {
    // The gate's refusals carry the operator's code (docs/product/screening.md#refusals): the publisher learns which.
    const screened = row.reason?.startsWith(SCREENED) ? row.reason.slice(SCREENED.length) : undefined;
    if (screened) return { status: "rejected", lead_id: leadId, reason: "screened", screened_for: screened, test };
    return { status: "rejected", lead_id: leadId, reason: REJECT_CODES[row.reason ?? ""] ?? "other", test };
  }
  return {
    status: "pending",
    lead_id: leadId,
    status_url: publicUrl(publicBaseUrl, `/api/publisher/v1/leads/${leadId}`),
    test,
  };
}
