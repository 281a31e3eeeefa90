import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { privacyRequests } from "../db/schema.ts";
import { newRequestReference } from "./request-reference.ts";
import { requestTypeOf, startOf } from "./request-workflow.ts";

export type PrivacyRequestKind = "unsubscribe" | "do-not-sell";

export type NewPrivacyRequest = {
  kind: PrivacyRequestKind;
  dedupeKey: string;
  email: string;
  phone: string;
  payload: Record<string, string>;
  ip: string | undefined;
};

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

// Stores a request once: the unique (kind, dedupe_key) index makes a repeat, even a concurrent one, land on
// the first row, whose reference is returned again. `onCreated` runs in the same transaction for a new
// request only (the verification mail), so a request is never stored without its next step.
export async function recordPrivacyRequest(
  db: Db,
  request: NewPrivacyRequest,
  onCreated?: (tx: Tx, row: PrivacyRequestRow) => Promise<void>,
): Promise<{ reference: string; duplicate: boolean }> {
  const now = new Date();
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(privacyRequests)
      .values({
        id: newRequestReference(),
        kind: request.kind,
        dedupeKey: request.dedupeKey,
        // Kept lower-case and as digits so suppression checks compare like with like.
        email: request.email.toLowerCase(),
        phone: request.phone,
        payload: request.payload,
        ip: request.ip,
        createdAt: now,
        ...startOf(requestTypeOf(request.kind, request.payload), now),
      })
      .onConflictDoNothing({ target: [privacyRequests.kind, privacyRequests.dedupeKey] })
      .returning();
    if (row && onCreated) await onCreated(tx, row);
    return row;
  });
  if (inserted) return { reference: inserted.id, duplicate: false };

  const [existing] = await db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .where(and(eq(privacyRequests.kind, request.kind), eq(privacyRequests.dedupeKey, request.dedupeKey)));
  if (!existing) throw new Error("privacy request conflict without an existing row");
  return { reference: existing.id, duplicate: true };
}
