import { isSensitiveField } from "#domain/fields/lead-fields.ts";
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../platform/db/database.ts";
import { sensitiveReads } from "../platform/db/schema.ts";

// docs/product/security-and-privacy.md#sensitive-reads: every time a lead's SSN, bank or other sensitive
// answer is used in clear (posted to a lender, hashed for the duplicate check, or revealed to an operator in
// the console, or shown to the buyer that bought it in its portal) a row says which lead, which fields, why and for
// whom; never the values.
type SensitiveReadPurpose = "post to lender" | "duplicate check" | "console reveal" | "buyer portal view";

export type SensitiveRead = {
  leadId: string;
  fields: readonly string[];
  purpose: SensitiveReadPurpose;
  recipient?: string;
};

/** The row a read leaves: its sensitive fields only, once each; none when it used no sensitive field. */
function readRow(read: SensitiveRead) {
  const fields = [...new Set(read.fields.filter((f) => isSensitiveField(f)))].sort();
  if (fields.length === 0) return undefined;
  return { leadId: read.leadId, fields, purpose: read.purpose, recipient: read.recipient ?? null };
}

export async function logSensitiveRead(db: Db | Tx, read: SensitiveRead): Promise<void> {
  const row = readRow(read);
  if (row) await db.insert(sensitiveReads).values(row);
}

/**
 * The same row as an insert to run inside another statement (a data-modifying `with` part): written only when
 * `source` (a `from … where …` clause) yields a row, as the post it goes with. Inserts nothing without a read.
 */
export function sensitiveReadInsert(read: SensitiveRead | undefined, source: SQL): SQL {
  const row = read && readRow(read);
  if (!row) return sql`select 1 where false`;
  return sql`insert into ${sensitiveReads} (lead_id, fields, purpose, recipient)
    select ${row.leadId}, ${JSON.stringify(row.fields)}::jsonb, ${row.purpose}, ${row.recipient} ${source}`;
}
