import { eq } from "drizzle-orm";
import { isSensitiveField, type ServerField } from "#domain/fields/lead-fields.ts";
import type { Db } from "../../platform/db/database.ts";
import { leads } from "../../platform/db/schema.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { encryptedColumn } from "../../intake/leads/lead-columns.ts";
import { logSensitiveRead } from "../../compliance/sensitive-reads.ts";
import { recordAction, type Actor } from "../audit/audit-log.ts";
import { PERSONAL_FIELDS } from "./mask-personal.ts";

// A lead's personal data in clear, for an operator allowed to see it and saying why (issue 19: GLBA access
// control and logging). Each reveal is one audit entry (who, which fields, why) and, for the encrypted answers,
// one sensitive read (compliance/sensitive-reads.ts), in the same transaction as nothing else: a reveal that
// cannot be recorded is not answered.

export type RevealOutcome = { fields: Record<string, string | number | boolean | null> } | undefined;

export async function revealLead(
  deps: { db: Db; cipher: PiiCipher },
  actor: Actor,
  reveal: { leadId: string; reason: string; fields: readonly ServerField[] },
): Promise<RevealOutcome> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(leads).where(eq(leads.id, reveal.leadId));
    if (!row) return undefined;
    const stored = row as unknown as Record<string, unknown>;
    const fields: Record<string, string | number | boolean | null> = {};
    for (const field of reveal.fields) {
      if (isSensitiveField(field)) {
        const envelope = stored[encryptedColumn(field)];
        fields[field] = typeof envelope === "string" ? deps.cipher.decrypt(envelope, `${row.id}:${field}`) : null;
      } else {
        const value = stored[field];
        fields[field] = value instanceof Date ? value.toISOString() : ((value ?? null) as string | number | null);
      }
    }
    await recordAction(tx, actor, {
      action: "lead.reveal",
      target: row.id,
      reason: reveal.reason,
      details: { fields: [...reveal.fields] },
    });
    await logSensitiveRead(tx, {
      leadId: row.id,
      fields: reveal.fields,
      purpose: "console reveal",
      recipient: actor.email,
    });
    return { fields };
  });
}

/** The fields asked for, or every personal one; a field that is not personal (or not a field) is refused. */
export function fieldsToReveal(asked: readonly string[] | undefined): ServerField[] | { unknown: string[] } {
  if (!asked || asked.length === 0) return [...PERSONAL_FIELDS];
  const unknown = asked.filter((field) => !(PERSONAL_FIELDS as readonly string[]).includes(field));
  return unknown.length > 0 ? { unknown } : ([...new Set(asked)] as ServerField[]);
}
