import type { SignedHead } from "../receipts/receipt-check.ts";
import type { PostbackEvent } from "./postback-events.ts";

// A postback address with its macros filled (docs/product/partners.md#postbacks). Only these macros exist, each
// from the lead's tracking fields, its id, the event and the payout, so no personal data can reach the URL.

/** Cents as dollars with two decimals: 700 is "7.00", -250 is "-2.50", none is "0.00". */
function dollarsOf(cents: number | null): string {
  const value = cents ?? 0;
  const abs = Math.abs(value);
  return `${value < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const filled = (template: string, values: Record<string, string>) =>
  // An unknown macro cannot be saved (publisherSettingsSchema); were one stored, it is left empty.
  template.replace(/\{([a-z_0-9]+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? ""));

export function postbackUrlOf(template: string, event: PostbackEvent, affId: string): string {
  const values: Record<string, string> = {
    clickid: event.attribution.clickid ?? "",
    lead_id: event.leadId,
    event: event.event,
    payout: dollarsOf(event.payoutCents),
    aff_id: affId,
  };
  for (const n of [1, 2, 3, 4, 5]) values[`sub${n}`] = event.attribution[`aff_sub${n}`] ?? "";
  return filled(template, values);
}

/**
 * The daily `ledger_head` postback (docs/product/partners.md#signed-heads): the publisher's address with `{event}`
 * as `ledger_head`, `{aff_id}` its own, `{payout}` 0.00 and the lead's macros empty, and the signed head added as
 * `head_seq`, `head_hash`, `head_issued_at`, `key_id` and `head_signature`: the head is on the address itself, which
 * the call's HMAC signs.
 */
export function headPostbackUrlOf(template: string, signed: SignedHead, affId: string): string {
  const base = filled(template, { event: "ledger_head", payout: dollarsOf(null), aff_id: affId });
  const head = new URLSearchParams({
    head_seq: String(signed.head.seq),
    head_hash: signed.head.hash,
    head_issued_at: signed.head.issued_at,
    key_id: signed.key_id,
    head_signature: signed.signature,
  });
  return `${base}${base.includes("?") ? "&" : "?"}${head.toString()}`;
}
