import type { Buyer, FieldMap } from "./buyer-schema.ts";
import { FIELD_CLASS, type SourceField } from "./buyer-fields.ts";
import { isCredentialName } from "./buyer-secrets.ts";
import { sourcesOf, TRANSFORMS } from "./transforms.ts";
import { writeXml } from "./xml-writer.ts";

// A buyer's request from its field mapping (docs/product/lender-network.md#field-mapping): each field map names a
// target (`Lead.FirstName`), a source field or fixed value, and value translations; the body is JSON, XML or a form
// as the buyer speaks. Pure, so the auction sends and the console's buyer form previews the same body.

/** A lead's values as a buyer's mapping reads them, by source field (only those the call may carry). */
export type LeadValues = Partial<Record<SourceField, string | number | boolean | null>>;

type Scalar = string | number | boolean;
export type MappedField = { to: string; value: Scalar | null; masked: boolean };

function convert(map: FieldMap, raw: unknown): Scalar | null {
  if (raw === null || raw === undefined || raw === "") return null;
  let value: Scalar = typeof raw === "number" || typeof raw === "boolean" ? raw : String(raw);
  const key = String(value);
  if (map.values && Object.hasOwn(map.values, key)) value = map.values[key] as Scalar;
  if (typeof value === "string" && map.case) value = map.case === "lower" ? value.toLowerCase() : value.toUpperCase();
  if (map.type === "number" && Number.isFinite(Number(value))) value = Number(value);
  if (map.type === "string") value = String(value);
  if (map.type === "boolean") value = value === true || value === "true" || value === 1 || value === "1";
  return value;
}

/**
 * The request's fields from the document the buyer may see. A field whose source is not in `doc` (not
 * visible to this buyer, or not answered) is sent empty, never looked up elsewhere.
 */
export function mapFields(fields: readonly FieldMap[], doc: LeadValues): MappedField[] {
  return fields.map((map) => {
    // A fixed value is the buyer's own (a campaign id, or an API key): masked in the record when its name says
    // it is a credential, the same rule the console masks buyer configurations by.
    if (map.value !== undefined)
      return { to: map.to, value: convert(map, map.value), masked: isCredentialName(map.to) };
    const sources = sourcesOf(map);
    const values = sources.map((source) => (Object.hasOwn(doc, source) ? doc[source] : null));
    const raw = map.transform ? TRANSFORMS[map.transform].apply(values, map) : values[0];
    const value = convert(map, raw);
    // Masked in the record when any field it reads is more than a ping field, transformed or not.
    return { to: map.to, value, masked: sources.some((source) => FIELD_CLASS[source] !== "ping") && value !== null };
  });
}

/** Dotted targets as nested objects: `Lead.FirstName` -> { Lead: { FirstName } }. */
function nest(fields: readonly MappedField[], mask: boolean): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const f of fields) {
    const parts = f.to.split(".");
    let node = root;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== "object" || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = mask && f.masked ? "[masked]" : f.value;
  }
  return root;
}

const CONTENT_TYPES = {
  json: "application/json",
  form: "application/x-www-form-urlencoded",
  xml: "application/xml",
} as const;

/** The body as the buyer speaks it, and the same with personal values masked, for the record. */
export function encodeRequest(buyer: Pick<Buyer, "protocol" | "xmlRoot">, fields: readonly MappedField[]) {
  const encode = (mask: boolean): string => {
    if (buyer.protocol === "json") return JSON.stringify(nest(fields, mask));
    if (buyer.protocol === "xml") return writeXml(buyer.xmlRoot, nest(fields, mask));
    const form = new URLSearchParams();
    for (const f of fields) form.append(f.to, mask && f.masked ? "[masked]" : f.value === null ? "" : String(f.value));
    return form.toString();
  };
  return { body: encode(false), masked: encode(true), contentType: CONTENT_TYPES[buyer.protocol] };
}
