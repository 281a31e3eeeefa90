import { buyerSchema, type Buyer } from "../../../domain/buyers/buyer-schema.ts";
import { publisherSettingsSchema, type PublisherSettings } from "../../../domain/partners/publisher.ts";
import { SEED_ID_DIGITS, SEED_ID_PREFIX } from "../../../domain/sample-data.ts";

// What the seeded volume looks like (README, "Other commands": npm run seed:volume): obviously fake people,
// traffic sources, brands, devices, buyers and publishers. Every seeded lead's id is SEED_ID_PREFIX and digits
// (src/domain/sample-data.ts), which still reads as a lead id (intake/leads/lead-access.ts), so the console
// searches and opens it like any other, and no one can take it for a real applicant. Seeded buyers call hosts
// under example.com, which never answer, and are paused (docs/decisions/0045-seeded-volume.md).

/** "ld_" + "seed" + 18 digits: a valid lead id that says what it is. */
export const seedLeadId = (n: number) => `${SEED_ID_PREFIX}${String(n).padStart(SEED_ID_DIGITS, "0")}`;

/** The fake person of seeded lead `n`: the SQL that writes the leads builds the same values (seed-volume.ts). */
export const seedEmail = (n: number) => `seed.person${n}@example.com`;
export const seedPhone = (n: number) => `555${String(n % 10_000_000).padStart(7, "0")}`;

const SOURCE_NAMES = ["google", "facebook", "bing", "tiktok", "taboola", "outbrain", "newsletter", "partner-a"];
const BRAND_NAMES = ["Loanpath", "Cashbridge"];

/** utm_source of source `k` (0-based); past the named ones, numbered. */
export const sourceName = (k: number) => SOURCE_NAMES[k] ?? `source-${k + 1}`;
export const brandName = (k: number) => BRAND_NAMES[k] ?? `Brand ${k + 1}`;
/** The aff_id source `k` (0-based) carries; its publisher is seedPublisher(k). */
export const affiliateId = (k: number) => `aff${100 + k}`;

/** Phones first (about three visits in five come from one), then desktops; a tablet counts as a desktop. */
export const USER_AGENTS = {
  phone: [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36",
  ],
  desktop: [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ],
};

/** Buyer `k`'s id: this prefix and two digits. */
export const SEED_BUYER_PREFIX = "seed-lender-";
const seedBuyerId = (k: number) => `${SEED_BUYER_PREFIX}${String(k).padStart(2, "0")}`;

const JSON_ANSWER = {
  format: "json",
  success: { path: "result", equals: ["accepted", "bid"] },
  price: "price",
} as const;

/**
 * Buyer `k` (1-based): ping/post, JSON, every fourth a lead buyer, the rest licensed lenders. Paused, so live traffic
 * never calls its hosts, which never answer; the console still shows its history (docs/decisions/0045-seeded-volume.md).
 */
export function seedBuyer(k: number): Buyer {
  const id = seedBuyerId(k);
  const base = `https://${id}.example.com`;
  return buyerSchema.parse({
    id,
    name: `Seed lender ${String(k).padStart(2, "0")} (sample data)`,
    kind: k % 4 === 0 ? "lead_buyer" : "licensed_lender",
    licensedStates: ["NY", "CA", "TX", "FL", "IL", "OH", "GA", "NC"],
    mode: "ping_post",
    protocol: "json",
    ping: {
      url: `${base}/ping`,
      fields: [
        { to: "state", from: "state" },
        { to: "amount", from: "loan_amount" },
      ],
      answer: JSON_ANSWER,
    },
    post: {
      url: `${base}/post`,
      fields: [
        { to: "lead_id", from: "lead_id" },
        { to: "email", from: "email" },
      ],
      answer: JSON_ANSWER,
    },
    pricing: { kind: "bid" },
    tier: 1 + (k % 3),
    caps: k % 5 === 0 ? { daily: 400 } : {},
    timeoutMs: 3_000,
    enabled: false,
  });
}

/** The payout rules the seeded publishers take in turn: every kind, and holds short enough that some became final. */
const PUBLISHER_RULES = [
  { payout_kind: "revenue_share", payout_amount: 3_000, hold_days: 30 },
  { payout_kind: "per_sold", payout_amount: 1_500, hold_days: 14 },
  { payout_kind: "per_completed", payout_amount: 250, hold_days: 7 },
] as const;

/**
 * The publisher of source `k` (0-based), whose aff_id it carries: enabled, so its money shows like any other's, and
 * with no postback address, so nothing is ever called.
 */
export function seedPublisher(k: number): PublisherSettings {
  return publisherSettingsSchema.parse({
    id: `seed-${affiliateId(k)}`,
    name: `Seed publisher ${affiliateId(k)} (sample data)`,
    aff_id: affiliateId(k),
    ...PUBLISHER_RULES[k % PUBLISHER_RULES.length],
    postback_url: null,
    enabled: true,
  });
}
