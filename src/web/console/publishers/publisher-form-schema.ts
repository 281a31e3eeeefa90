import { z } from "zod";
import { payoutAmountOf, payoutTextOf } from "#domain/partners/payout-input.ts";
import { PAYOUT_KINDS, publisherSettingsSchema, type PublisherSettings } from "#domain/partners/publisher.ts";

// The publisher form holds text; this turns it into the settings and checks them with publisherSettingsSchema, the
// schema the server checks, so each of its messages lands on its own field. The payout is typed in dollars or
// percent and becomes cents or basis points here, at the form's edge (payout-input.ts).

export type PublisherFormValues = {
  id: string;
  name: string;
  aff_id: string;
  payout_kind: string;
  payout_amount: string;
  hold_days: string;
  postback_url: string;
  enabled: string;
};

const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

type Kind = PublisherSettings["payout_kind"];
const kindOf = (text: string): Kind =>
  (PAYOUT_KINDS as readonly string[]).includes(text) ? (text as Kind) : "per_sold";

/** The settings the text stands for; an unreadable payout as NaN, which the payout's own message replaces. */
function settingsOf(v: PublisherFormValues) {
  const payout = payoutAmountOf(kindOf(v.payout_kind), v.payout_amount);
  return {
    payout,
    settings: {
      ...v,
      payout_amount: "amount" in payout ? payout.amount : Number.NaN,
      hold_days: numberOf(v.hold_days),
      postback_url: v.postback_url.trim() === "" ? null : v.postback_url,
      enabled: v.enabled === "yes",
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
});

// Every field's message at once: the payout's in its own units when it cannot be read, the schema's for the rest.
export const publisherFormSchema = formText
  .superRefine((v, ctx) => {
    const { payout, settings } = settingsOf(v);
    if ("message" in payout) ctx.addIssue({ code: "custom", path: ["payout_amount"], message: payout.message });
    const checked = publisherSettingsSchema.safeParse(settings);
    for (const issue of checked.error?.issues ?? []) {
      if ("message" in payout && issue.path[0] === "payout_amount") continue;
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
  })
  .transform((v) => publisherSettingsSchema.parse(settingsOf(v).settings));

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
  };
}
