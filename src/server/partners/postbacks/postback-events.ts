import type { Tx } from "../../platform/db/database.ts";

// What the partner context tells a publisher about its leads (docs/product/partners.md#postbacks): the settle pass
// (completed, sold, rejected) and a return's approval (returned) hand each event to a sink in their own
// transaction, so the postback is queued exactly when the event is written, and never without it.

type PostbackEventName = "completed" | "sold" | "rejected" | "returned";

export type PostbackEvent = {
  publisherId: string;
  leadId: string;
  event: PostbackEventName;
  /** The payout this event earned (+) or reversed (-), in cents; null when it moved none. */
  payoutCents: number | null;
  /** The lead's tracking fields as the submission kept them (clickid, aff_sub1...). */
  attribution: Record<string, string>;
};

export type PostbackSink = (tx: Tx, event: PostbackEvent) => Promise<void>;
