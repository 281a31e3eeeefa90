import { isSensitiveField } from "#domain/fields/lead-fields.ts";
import type { Db, Tx } from "../platform/db/database.ts";
import { sensitiveReads } from "../platform/db/schema.ts";

// docs/product/security-and-privacy.md#sensitive-reads: every time a lead's SSN, bank or other sensitive
// answer is used in clear (posted to a lender, hashed for the duplicate check, or revealed to an operator in
// the console) a row says which lead, which fields, why and for whom; never the values.
export type SensitiveReadPurpose = "post to lender" | "duplicate check" | "console reveal";

export async function logSensitiveRead(
  db: Db | Tx,
  read: { leadId: string; fields: readonly string[]; purpose: SensitiveReadPurpose; recipient?: string },
): Promise<void> {
  const fields = [...new Set(read.fields.filter((f) => isSensitiveField(f)))].sort();
  if (fields.length === 0) return;
  await db.insert(sensitiveReads).values({
    leadId: read.leadId,
    fields,
    purpose: read.purpose,
    recipient: read.recipient ?? null,
  });
}
