import { z } from "zod";
import { keptAttributionValue } from "../attribution.ts";
import { timeZone } from "../schemas/time-zone.ts";

// A publisher's settings as the console edits them and the server stores them (docs/product/partners.md#publishers).
// One schema for the form, the API and the store.

export const PAYOUT_KINDS = ["per_sold", "revenue_share", "per_completed"] as const;

/** The macros a postback address may hold (docs/product/partners.md#postbacks). */
export const POSTBACK_MACROS = [
  "clickid",
  "lead_id",
  "event",
  "payout",
  "aff_id",
  "sub1",
  "sub2",
  "sub3",
  "sub4",
  "sub5",
] as const;

const MACRO = /\{([a-z_0-9]+)\}/g;

/** A postback template with each macro filled by a placeholder: the address that is checked before saving it. */
export const postbackAddressOf = (template: string) => template.replace(MACRO, "x");

const postbackUrl = z
  .string()
  .trim()
  .max(2000, "Keep the postback address under 2,000 characters.")
  .refine((url) => {
    try {
      const parsed = new URL(url.replace(MACRO, "x"));
      return parsed.protocol === "https:" || parsed.protocol === "http:";
    } catch {
      return false;
    }
  }, "Enter a full http or https address.")
  // A macro in the host would let a click's sub id choose where the server calls.
  .refine((url) => !/^[a-z]+:\/\/[^/?#]*\{/i.test(url), "Macros may be used in the path and query only.")
  .refine(
    (url) => [...url.matchAll(MACRO)].every((m) => (POSTBACK_MACROS as readonly string[]).includes(m[1]!)),
    `Use only these macros: ${POSTBACK_MACROS.map((m) => `{${m}}`).join(", ")}.`,
  );

const cents = (what: string) =>
  z
    .number()
    .int(`${what}: enter a whole number of cents.`)
    .min(0, `${what} cannot be negative.`)
    .max(1_000_000, `${what}: that is more than any lead sells for.`);

/** The zone a publisher's caps count in unless it has one (the column's default). */
export const PUBLISHER_DEFAULT_TIME_ZONE = "America/New_York";

/** The schema's message for a cap that is not a whole number, which the console's form also gives for unreadable text. */
export const POSTED_CAP_MESSAGE = "Enter a whole number of leads.";

const postedCap = z
  .number()
  .int(POSTED_CAP_MESSAGE)
  .min(0, "A cap cannot be negative.")
  .max(10_000_000, "That cap is too large.");

export const publisherSettingsSchema = z
  .object({
    id: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9-]{1,39}$/,
        "Use 2 to 40 lower-case letters, digits and hyphens, starting with a letter or digit.",
      ),
    name: z.string().trim().min(1, "Enter the publisher's name.").max(100, "Keep the name under 100 characters."),
    aff_id: z
      .string()
      .trim()
      .min(1, "Enter the aff_id its links carry.")
      .refine(
        (v) => keptAttributionValue("aff_id", v) === v,
        "Use up to 100 letters, digits and . _ : @ + - / | ~ only.",
      ),
    payout_kind: z.enum(PAYOUT_KINDS),
    /** Cents per lead (per_sold, per_completed) or basis points of the price (revenue_share: 2500 is 25%). */
    payout_amount: z
      .number()
      .int("Enter a whole number.")
      .min(0, "The payout cannot be negative.")
      .max(1_000_000, "That payout is too large."),
    hold_days: z.number().int("Enter a whole number of days.").min(0).max(120, "Hold a payout 120 days at most."),
    postback_url: postbackUrl.nullable(),
    enabled: z.boolean(),
    // Its terms for posted leads (docs/decisions/0052-posted-terms.md); unset or null: no such limit.
    posted_min_payout_cents: cents("The least it accepts").nullish(),
    posted_min_margin_cents: cents("Loanpath's least margin").nullish(),
    posted_cap_hourly: postedCap.nullish(),
    posted_cap_daily: postedCap.nullish(),
    posted_cap_monthly: postedCap.nullish(),
    time_zone: timeZone.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.payout_kind === "revenue_share" && p.payout_amount > 10_000) {
      ctx.addIssue({
        code: "custom",
        path: ["payout_amount"],
        message: "A share is at most 10,000 basis points (100%).",
      });
    }
  });
export type PublisherSettings = z.infer<typeof publisherSettingsSchema>;

/** The payout a lead's event earns under a rule, in cents; null when the rule pays nothing for that event. */
export function payoutFor(
  rule: Pick<PublisherSettings, "payout_kind" | "payout_amount">,
  event: { kind: "sold"; priceCents: number } | { kind: "completed" },
): number | null {
  switch (rule.payout_kind) {
    case "per_completed":
      return event.kind === "completed" ? rule.payout_amount : null;
    case "per_sold":
      return event.kind === "sold" ? rule.payout_amount : null;
    case "revenue_share":
      return event.kind === "sold" ? Math.floor((event.priceCents * rule.payout_amount) / 10_000) : null;
  }
}

export const RETURN_REASONS = [
  "wrong_number",
  "disconnected",
  "duplicate",
  "fraud",
  "not_the_person",
  "other",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** A publisher's terms for its posted leads, as the floor below reads them. */
type PostedTerms = Pick<
  PublisherSettings,
  "payout_kind" | "payout_amount" | "posted_min_payout_cents" | "posted_min_margin_cents"
>;

/**
 * The least a buyer's price may be for a publisher's posted lead (docs/decisions/0052-posted-terms.md): the least at
 * which the publisher earns its minimum and Loanpath keeps its margin. 0 without terms; null when no price can meet
 * them (a fixed payout below the publisher's own minimum, or a share that leaves no margin).
 */
export function postedFloorCents(terms: PostedTerms): number | null {
  const minPayout = terms.posted_min_payout_cents ?? 0;
  const margin = terms.posted_min_margin_cents ?? 0;
  if (terms.payout_kind !== "revenue_share") {
    // A fixed sum per sale (or per completed application): the price only has to cover it and the margin.
    return terms.payout_amount < minPayout ? null : terms.payout_amount + margin;
  }
  const share = terms.payout_amount;
  const earns = (price: number) => payoutFor(terms, { kind: "sold", priceCents: price })!;
  if (minPayout > 0 && share === 0) return null;
  if (margin > 0 && share >= 10_000) return null;
  // Both conditions only get easier as the price rises: start from the closed forms and step to the least price that
  // meets them, as payoutFor rounds the share down.
  const meets = (price: number) => earns(price) >= minPayout && price - earns(price) >= margin;
  let price = Math.max(
    share === 0 ? 0 : Math.ceil((minPayout * 10_000) / share),
    share >= 10_000 ? 0 : Math.ceil((margin * 10_000) / (10_000 - share)),
  );
  while (!meets(price)) price += 1;
  while (price > 0 && meets(price - 1)) price -= 1;
  return price;
}
