import type { AnswerMap, Buyer } from "./buyer-config.ts";
import { readXml } from "./xml.ts";

// Declarative mappings (docs/product/lender-network.md#field-mapping): a buyer's dialect is configuration.
// Requests are built by the domain (src/domain/buyers/request-body.ts, which the console's preview uses too).
// Answers: dot paths to the success flag, price, id, reason and redirect URL.

export { encodeRequest, mapFields } from "#domain/buyers/request-body.ts";

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
