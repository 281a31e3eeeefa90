import { and, eq, notInArray } from "drizzle-orm";
import type { ServerField } from "#domain/fields/lead-fields.ts";
import type { Tx } from "../../platform/db/database.ts";
import { leadSearchHashes, type leads } from "../../platform/db/schema.ts";
import { personHash, type PersonHashKind } from "../../platform/security/person-hash.ts";

// What the operator console finds a lead by (issue 19, Leads): the keyed hashes of its e-mail and phones, so a
// search is an indexed equality on a hash and never a scan of plain text. Kept in step with the lead by every
// write that changes one of these fields, in the same transaction.

/** The fields a lead is found by, and the kind of keyed hash each is kept as. */
const SEARCH_FIELDS = {
  email: "email",
  cell_phone: "phone",
  home_phone: "phone",
  work_phone: "phone",
} as const satisfies Partial<Record<ServerField, PersonHashKind>>;
type SearchField = keyof typeof SEARCH_FIELDS;
const FIELDS = Object.keys(SEARCH_FIELDS) as SearchField[];

type Searchable = Pick<typeof leads.$inferSelect, "id" | SearchField>;

/** Whether a write changes any field the lead is found by. */
export function changesSearchFields(changes: Record<string, unknown>): boolean {
  return FIELDS.some((field) => changes[field] !== undefined);
}

/** The keyed hashes a lead is found by, as it stands now; a phone given twice (cell and home) is one. */
function searchHashesOf(secret: Buffer, lead: Searchable): string[] {
  const hashes = FIELDS.map((field) => personHash(secret, SEARCH_FIELDS[field], lead[field]));
  return [...new Set(hashes.filter((hash): hash is string => hash !== null))];
}

/**
 * Makes the lead's search hashes those of its saved values: a changed e-mail or phone no longer finds it by
 * the old one. Recomputed from the whole row rather than from the change, because two phones may share a
 * number: the old cell phone's hash stays while the home phone still holds it.
 */
export async function replaceSearchHashes(tx: Tx, secret: Buffer, lead: Searchable): Promise<void> {
  const hashes = searchHashesOf(secret, lead);
  const ofLead = eq(leadSearchHashes.leadId, lead.id);
  await tx
    .delete(leadSearchHashes)
    .where(hashes.length > 0 ? and(ofLead, notInArray(leadSearchHashes.hash, hashes)) : ofLead);
  if (hashes.length === 0) return;
  await tx
    .insert(leadSearchHashes)
    .values(hashes.map((hash) => ({ hash, leadId: lead.id })))
    .onConflictDoNothing();
}
