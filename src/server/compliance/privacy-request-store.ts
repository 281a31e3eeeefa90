import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../platform/db/database.ts";
import { privacyRequests } from "../platform/db/schema.ts";
import { newRequestReference } from "./request-reference.ts";
import { requestTypeOf, startOf } from "./request-workflow.ts";

export type PrivacyRequestKind = "unsubscribe" | "do-not-sell";

export type NewPrivacyRequest = {
  kind: PrivacyRequestKind;
  dedupeKey: string;
  email: string;
  phone: string | null;
  payload: Record<string, string>;
  ip: string | undefined;
};

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

// Stores a request once: the unique (kind, dedupe_key) index makes a repeat, even a concurrent one, land on
// the first row, whose reference is returned again. `next` runs in the same transaction for a new request
// (so a request is never stored without its next step), and again for a repeat of one still waiting for the
// person to confirm (they lost the mail, or its link ran out). A completed request frees its key
// (`done:` + id), so the same form sent later is a new request.
export async function recordPrivacyRequest(
  db: Db,
  request: NewPrivacyRequest,
  next?: (tx: Tx, row: PrivacyRequestRow) => Promise<void>,
): Promise<{ reference: string; duplicate: boolean }> {
  const now = new Date();
  return db.transaction(async (tx) => {
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
    if (row) {
      await next?.(tx, row);
      return { reference: row.id, duplicate: false };
    }
    const [existing] = await tx
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.kind, request.kind), eq(privacyRequests.dedupeKey, request.dedupeKey)));
    if (!existing) throw new Error("privacy request conflict without an existing row");
    if (existing.status === "awaiting_verification") await next?.(tx, existing);
    return { reference: existing.id, duplicate: true };
  });
}

/** Marks a request done and frees its key, so the same form sent later starts a new request. */
export async function completeRequest(db: Db | Tx, id: string, now = new Date()): Promise<boolean> {
  const done = await db
    .update(privacyRequests)
    .set({
      status: "completed",
      verifiedAt: sql`coalesce(${privacyRequests.verifiedAt}, ${now})`,
      completedAt: now,
      dedupeKey: sql`'done:' || ${privacyRequests.id}`,
    })
    .where(and(eq(privacyRequests.id, id), ne(privacyRequests.status, "completed")))
    .returning({ id: privacyRequests.id });
  return done.length > 0;
}
