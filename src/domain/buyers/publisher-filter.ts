import { z } from "zod";
import { keptAttributionValue, type AttributionKey } from "../attribution.ts";

// A buyer's list of the partners' traffic it takes or refuses (docs/product/lender-network.md#eligibility): some
// lenders refuse some sources. An entry names a publisher by the aff_id its leads carry and, optionally, one of its
// sub ids; without one it covers every sub id of that publisher. The list is about partners' traffic only: a lead
// with no publisher (the product's own funnel) is offered whatever the list says.

const PUBLISHER_FILTER_MODES = ["allow", "deny"] as const;

/** Enough for any lender's list of sources, small enough to read at every auction. */
export const MAX_PUBLISHER_ENTRIES = 500;

/** A value as the tracking keeps it (src/domain/attribution.ts): an entry holding anything else could never match. */
const kept = (key: AttributionKey) =>
  z
    .string()
    .refine(
      (v) => keptAttributionValue(key, v) === v,
      "must be up to 100 letters, digits, spaces and . _ : @ + - / | ~, as the tracking keeps it",
    );

const entry = z.object({
  /** The publisher's aff_id (or the tPar[affiliateId] its links carry). */
  affId: kept("aff_id"),
  /** One of its sub ids (sub_source, else aff_sub1, else tPar[affiliateSubId]); unset: every sub id. */
  subId: kept("sub_source").optional(),
});
export type PublisherEntry = z.infer<typeof entry>;

const entryKey = (e: PublisherEntry) => JSON.stringify([e.affId, e.subId ?? null]);

export const publisherFilterSchema = z
  .object({
    /** allow: only the publishers listed; deny: every publisher but those listed. */
    mode: z.enum(PUBLISHER_FILTER_MODES, { message: "must be allow or deny" }),
    entries: z.array(entry).max(MAX_PUBLISHER_ENTRIES, `must list at most ${MAX_PUBLISHER_ENTRIES} entries`),
  })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.entries.forEach((e, i) => {
      const key = entryKey(e);
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: ["entries", i, "affId"], message: "is listed twice (same sub id)" });
      seen.add(key);
    });
  });
export type PublisherFilter = z.infer<typeof publisherFilterSchema>;

/** Where a lead came from: its publisher's aff_id and its sub id, each unset when it carries none. */
export type LeadSource = { publisher: string | undefined; subId: string | undefined };

/** The filter detail (src/domain/buyers/buyer-outcomes.ts) of a lead the list refuses. */
export type PublisherRefusal = "publisher" | "sub id";

/**
 * Why the list refuses a lead, or undefined when it takes it. "publisher" when the publisher itself is denied or not
 * allowed; "sub id" when the list names the publisher only with other sub ids (allow) or denies this very sub id.
 */
export function publisherRefusal(list: PublisherFilter | undefined, lead: LeadSource): PublisherRefusal | undefined {
  if (!list || lead.publisher === undefined) return undefined;
  const own = list.entries.filter((e) => e.affId === lead.publisher);
  const matches = own.some((e) => e.subId === undefined || e.subId === lead.subId);
  if (list.mode === "deny") {
    if (!matches) return undefined;
    return own.some((e) => e.subId === undefined) ? "publisher" : "sub id";
  }
  if (matches) return undefined;
  return own.length ? "sub id" : "publisher";
}
