import { z } from "zod";
import { publisherSettingsSchema, type PublisherSettings } from "#domain/partners/publisher.ts";

// The publisher form holds text; this turns it into the settings and checks them with publisherSettingsSchema, the
// schema the server checks, so each of its messages lands on its own field.

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

export const publisherFormSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    aff_id: z.string(),
    payout_kind: z.string(),
    payout_amount: z.string(),
    hold_days: z.string(),
    postback_url: z.string(),
    enabled: z.string(),
  })
  .transform((v) => ({
    ...v,
    payout_amount: numberOf(v.payout_amount),
    hold_days: numberOf(v.hold_days),
    postback_url: v.postback_url.trim() === "" ? null : v.postback_url,
    enabled: v.enabled === "yes",
  }))
  .pipe(publisherSettingsSchema);

export function formValuesOf(p?: PublisherSettings): PublisherFormValues {
  return {
    id: p?.id ?? "",
    name: p?.name ?? "",
    aff_id: p?.aff_id ?? "",
    payout_kind: p?.payout_kind ?? "per_sold",
    payout_amount: p ? String(p.payout_amount) : "",
    hold_days: p ? String(p.hold_days) : "30",
    postback_url: p?.postback_url ?? "",
    enabled: p?.enabled === false ? "no" : "yes",
  };
}
