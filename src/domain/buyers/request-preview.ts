import type { Buyer, FieldMap } from "./buyer-schema.ts";
import { FIELD_CLASS, type SourceField } from "./buyer-fields.ts";
import { isCredentialName, MASKED_SECRET } from "./buyer-secrets.ts";
import { encodeRequest, mapFields, type LeadValues } from "./request-body.ts";
import { sampleFor } from "./sample-lead.ts";
import { TRANSFORMS } from "./transforms.ts";

// What a buyer's ping and post would carry for the console's sample lead (sample-lead.ts), built by the auction's own
// mapping and encoding (request-body.ts), for the buyer form to show while it is being filled in. The form may be
// half done, so the preview takes what it can: a row with no buyer's field yet is left out, an unknown transform
// is ignored. Credentials show masked, as everywhere in the console; the sample's values are fake and shown whole.

export type PreviewBuyer = Partial<Pick<Buyer, "kind" | "licensedStates" | "protocol" | "xmlRoot" | "pricing">> & {
  filters?: Partial<Buyer["filters"]> | undefined;
};

export type RequestPreview = { ok: true; body: string; contentType: string } | { ok: false; problem: string };

/** The values a call may carry: the ping's fields only in a ping; in a post, what this buyer may be sent. */
function visible(doc: LeadValues, allowed: (field: SourceField) => boolean): LeadValues {
  return Object.fromEntries(Object.entries(doc).filter(([field]) => allowed(field as SourceField))) as LeadValues;
}

const usable = (fields: readonly Partial<FieldMap>[]): FieldMap[] =>
  fields
    .filter((f) => typeof f.to === "string" && f.to !== "")
    .map((f) => {
      const map = { ...f } as FieldMap;
      if (map.transform !== undefined && !Object.hasOwn(TRANSFORMS, map.transform)) delete map.transform;
      if (map.value !== undefined && isCredentialName(map.to)) map.value = MASKED_SECRET;
      return map;
    });

/** The body one call would send for the sample lead. */
export function previewRequest(
  buyer: PreviewBuyer,
  call: "ping" | "post",
  fields: readonly Partial<FieldMap>[],
): RequestPreview {
  const sample = sampleFor({
    kind: buyer.kind ?? "lead_buyer",
    licensedStates: buyer.licensedStates,
    filters: { ...buyer.filters },
  });
  const licensedHere = buyer.kind === "licensed_lender" && buyer.licensedStates?.includes(String(sample.state));
  const doc =
    call === "ping"
      ? visible(sample, (f) => FIELD_CLASS[f] === "ping")
      : {
          ...visible(sample, (f) => licensedHere || FIELD_CLASS[f] !== "restricted"),
          // What the post carries from the ping's answer: a fake id, and the price (the fixed one, or a sample bid).
          ping_id: "sample-ping-id",
          bid_price: buyer.pricing?.kind === "fixed" ? buyer.pricing.price : 10,
        };
  try {
    const { body, contentType } = encodeRequest(
      { protocol: buyer.protocol ?? "json", xmlRoot: buyer.xmlRoot || "Lead" },
      mapFields(usable(fields), doc),
    );
    return { ok: true, body, contentType };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}
