import { z } from "zod";
import { dollarsOfCents, optionalCentsOf, payoutAmountOf, payoutTextOf } from "#domain/partners/payout-input.ts";
import {
  PAYOUT_KINDS,
  POSTED_CAP_MESSAGE,
  PUBLISHER_DEFAULT_TIME_ZONE,
  publisherSettingsSchema,
  type PublisherSettings,
} from "#domain/partners/publisher.ts";

// The publisher form holds text; this turns it into the settings and checks them with publisherSettingsSchema, the
// schema the server checks, so each of its messages lands on its own field. The payout is typed in dollars or
// percent and becomes cents or basis points here, at the form's edge (payout-input.ts); so do the posted terms'
// minimums (docs/decisions/0052-posted-terms.md). An empty minimum or cap is no limit (null).

export type PublisherFormValues = {
  id: string;
  name: string;
  aff_id: string;
  payout_kind: string;
  payout_amount: string;
  hold_days: string;
  postback_url: string;
  enabled: string;
  /** Dollars. */
  posted_min_payout_cents: string;
  /** Dollars. */
  posted_min_margin_cents: string;
  posted_cap_hourly: string;
  posted_cap_daily: string;
  posted_cap_monthly: string;
  time_zone: string;
};

type FieldName = keyof PublisherFormValues;
type CapField = "posted_cap_hourly" | "posted_cap_daily" | "posted_cap_monthly";

const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

type Kind = PublisherSettings["payout_kind"];
const kindOf = (text: string): Kind =>
  (PAYOUT_KINDS as readonly string[]).includes(text) ? (text as Kind) : "per_sold";

/**
 * The settings the text stands for, and the fields whose text cannot be read with what to type there: such a field
 * holds NaN, and its own message replaces the schema's.
 */
function settingsOf(v: PublisherFormValues) {
  const unreadable: Partial<Record<FieldName, string>> = {};
  const read = (field: FieldName, value: { amount: number | null } | { message: string }) => {
    if ("amount" in value) return value.amount;
    unreadable[field] = value.message;
    return Number.NaN;
  };
  const cap = (field: CapField) => {
    const text = v[field].trim();
    if (text === "") return null;
    if (Number.isNaN(Number(text))) unreadable[field] = POSTED_CAP_MESSAGE;
    return Number(text);
  };
  return {
    unreadable,
    settings: {
      ...v,
      payout_amount: read("payout_amount", payoutAmountOf(kindOf(v.payout_kind), v.payout_amount)),
      hold_days: numberOf(v.hold_days),
      postback_url: v.postback_url.trim() === "" ? null : v.postback_url,
      enabled: v.enabled === "yes",
      posted_min_payout_cents: read("posted_min_payout_cents", optionalCentsOf(v.posted_min_payout_cents)),
      posted_min_margin_cents: read("posted_min_margin_cents", optionalCentsOf(v.posted_min_margin_cents)),
      posted_cap_hourly: cap("posted_cap_hourly"),
      posted_cap_daily: cap("posted_cap_daily"),
      posted_cap_monthly: cap("posted_cap_monthly"),
    },
  };
}

const formText = z.object({
  id: z.string(),
  name: z.string(),
  aff_id: z.string(),
  payout_kind: z.string(),
  payout_amount: z.string(),
  hold_days: z.string(),
  postback_url: z.string(),
  enabled: z.string(),
  posted_min_payout_cents: z.string(),
  posted_min_margin_cents: z.string(),
  posted_cap_hourly: z.string(),
  posted_cap_daily: z.string(),
  posted_cap_monthly: z.string(),
  time_zone: z.string(),
});

// Every field's message at once: what to type where the text cannot be read, the schema's for the rest.
export const publisherFormSchema = formText
  .superRefine((v, ctx) => {
    const { unreadable, settings } = settingsOf(v);
    for (const [field, message] of Object.entries(unreadable)) ctx.addIssue({ code: "custom", path: [field], message });
    const checked = publisherSettingsSchema.safeParse(settings);
    for (const issue of checked.error?.issues ?? []) {
      if (String(issue.path[0]) in unreadable) continue;
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
  })
  .transform((v) => publisherSettingsSchema.parse(settingsOf(v).settings));

const textOf = (n: number | null | undefined, show: (n: number) => string = String) =>
  n === null || n === undefined ? "" : show(n);

export function formValuesOf(p?: PublisherSettings): PublisherFormValues {
  return {
    id: p?.id ?? "",
    name: p?.name ?? "",
    aff_id: p?.aff_id ?? "",
    payout_kind: p?.payout_kind ?? "per_sold",
    payout_amount: p ? payoutTextOf(p.payout_kind, p.payout_amount) : "",
    hold_days: p ? String(p.hold_days) : "30",
    postback_url: p?.postback_url ?? "",
    enabled: p?.enabled === false ? "no" : "yes",
    posted_min_payout_cents: textOf(p?.posted_min_payout_cents, dollarsOfCents),
    posted_min_margin_cents: textOf(p?.posted_min_margin_cents, dollarsOfCents),
    posted_cap_hourly: textOf(p?.posted_cap_hourly),
    posted_cap_daily: textOf(p?.posted_cap_daily),
    posted_cap_monthly: textOf(p?.posted_cap_monthly),
    time_zone: p?.time_zone ?? PUBLISHER_DEFAULT_TIME_ZONE,
  };
}
