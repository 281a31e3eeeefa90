import { z } from "zod";
import { keptAttributionValue } from "../attribution.ts";

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
