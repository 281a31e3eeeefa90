import { TRACKING_FIELDS } from "../contracts/lead-send.ts";
import { VENDOR_EVIDENCE_KEYS } from "../consent-vendors.ts";
import { BUYER_FIELD_CLASS, type BuyerFieldClass } from "../fields/field-exposure.ts";
import { QUALITY_FIELDS, type QualityField } from "../screening/quality-checks.ts";

// What a buyer may be sent (docs/product/lender-network.md#what-a-buyer-may-see). Every field a mapping can
// name is in one class:
// - "ping": needed to bid, identifies no one (state, amount, income band, age, hashes, tracking);
// - "contact": who the person is and how to reach them (name, e-mail, phones, street address, employer);
//   posted to the buyer that won, never pinged;
// - "restricted": the full application (SSN, bank, licence, birth date); posted only to a licensed lender
//   licensed in the applicant's state.
// A lead field's class is its entry's in the registry (src/domain/fields/lead-fields.ts); the rest are here.

export const FIELD_CLASS = {
  ...BUYER_FIELD_CLASS,
  lead_id: "ping",
  age: "ping",
  email_sha256: "ping",
  phone_sha256: "ping",
  /** The buyer's own id for its ping, echoed in the post. */
  ping_id: "ping",
  bid_price: "ping",
  ...Object.fromEntries(TRACKING_FIELDS.map((f) => [f, "ping"])),
  // The gate's answers (docs/product/screening.md#what-buyers-see): a line type or a velocity flag names no one.
  ...(Object.fromEntries(QUALITY_FIELDS.map((f) => [f, "ping"])) as Record<QualityField, "ping">),
  // Consent evidence: a holder of either can look up the witnessed session, so only the winner gets them.
  ...Object.fromEntries(VENDOR_EVIDENCE_KEYS.map((f) => [f, "contact"])),
  consent_text_version: "contact",
  consent_text_hash: "contact",
  consent_at: "contact",
  consent_ip: "contact",
  consent_user_agent: "contact",
  consent_page: "contact",
  /** The lead's consent certificate (docs/product/security-and-privacy.md#consent-certificate). */
  consent_certificate_url: "contact",
} as const satisfies Record<string, BuyerFieldClass>;

export type SourceField = keyof typeof FIELD_CLASS;
