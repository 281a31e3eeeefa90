import type { AnswerMap, Buyer, FieldMap } from "./buyer-config.ts";
import { FIELD_CLASS } from "#domain/buyers/buyer-fields.ts";
import { isCredentialName } from "#domain/buyers/buyer-secrets.ts";
import type { LeadDocument } from "./lead-document.ts";
import { sourcesOf, TRANSFORMS } from "#domain/buyers/transforms.ts";
import { readXml, writeXml } from "./xml.ts";

// Declarative mappings (docs/product/lender-network.md#field-mapping): a buyer's dialect is configuration.
// Requests: each field map names a target (`Lead.FirstName`), a source field or fixed value, and value
// translations. Answers: dot paths to the success flag, price, id, reason and redirect URL.

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
export function mapFields(fields: readonly FieldMap[], doc: LeadDocument): MappedField[] {
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

export type BuyerAnswer = {
  accepted: boolean;
  price: number | undefined;
  id: string | undefined;
  reason: string | undefined;
  redirectUrl: string | undefined;
};

function at(tree: unknown, path: string): unknown {
  // Form answers keep dotted names flat ("Response.Status=1").
  if (tree !== null && typeof tree === "object" && Object.hasOwn(tree, path))
    return (tree as Record<string, unknown>)[path];
  let node = tree;
  for (const part of path.split(".")) {
    if (Array.isArray(node)) node = node[0];
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return Array.isArray(node) ? node[0] : node;
}

const scalarText = (v: unknown) =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v).slice(0, 500) : undefined;

export class AnswerError extends Error {}

type AnswerFormat = NonNullable<AnswerMap["format"]>;

/**
 * How to read an answer: the buyer's `answer.format` when set; otherwise what its Content-Type says (many
 * buyers posted a form answer JSON); otherwise the format the buyer is posted in.
 */
function answerFormat(map: AnswerMap, protocol: Buyer["protocol"], contentType: string | null): AnswerFormat {
  if (map.format) return map.format;
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type === "application/xml" || type === "text/xml" || type.endsWith("+xml")) return "xml";
  if (type === "application/x-www-form-urlencoded") return "form";
  return protocol;
}

/** Reads a buyer's answer by its mapping; anything unreadable throws AnswerError with the reason. */
export function readAnswer(
  map: AnswerMap,
  protocol: Buyer["protocol"],
  body: string,
  contentType: string | null = null,
): BuyerAnswer {
  const format = answerFormat(map, protocol, contentType);
  let tree: unknown;
  try {
    if (format === "json") tree = JSON.parse(body);
    else if (format === "xml") tree = readXml(body);
    else tree = Object.fromEntries(new URLSearchParams(body));
  } catch {
    throw new AnswerError(`unreadable ${format} answer`);
  }
  if (tree === null || typeof tree !== "object") throw new AnswerError(`unreadable ${format} answer`);
  const flag = at(tree, map.success.path);
  if (flag === undefined) throw new AnswerError(`answer has no ${map.success.path}`);
  const accepted = map.success.equals.some((v) => String(v).toLowerCase() === String(flag).toLowerCase());
  const rawPrice = map.price ? at(tree, map.price) : undefined;
  const price = rawPrice === undefined || rawPrice === "" ? undefined : Number(rawPrice);
  const redirect = map.redirectUrl ? scalarText(at(tree, map.redirectUrl)) : undefined;
  return {
    accepted,
    price: price !== undefined && Number.isFinite(price) && price >= 0 ? price : undefined,
    id: map.id ? scalarText(at(tree, map.id)) : undefined,
    reason: map.reason ? scalarText(at(tree, map.reason)) : undefined,
    redirectUrl: redirect && /^https?:\/\//i.test(redirect) ? redirect : undefined,
  };
}
