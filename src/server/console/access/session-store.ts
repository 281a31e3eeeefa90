import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { operatorSessions, operators } from "../../platform/db/schema.ts";
import type { Operator } from "./operator-store.ts";

// Console sessions, kept on the server (docs/decisions/0034-operator-console.md#sessions). The browser holds
// a random token in an HttpOnly cookie; the table holds its sha256, so a copy of the database signs no one in.

/** However active, a session ends after this: the operator signs in again with password and code. */
export const SESSION_LIFE_MS = 12 * 3_600_000;
/** Last-seen is written at most this often, so each console request is not also a write. */
const TOUCH_EVERY_MS = 60_000;

export type SessionRow = typeof operatorSessions.$inferSelect;
export type LiveSession = { session: SessionRow; operator: Operator };

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function openSession(
  db: Db,
  operatorId: string,
  client: { ip: string | null; userAgent: string | null },
  now: Date,
): Promise<{ token: string; session: SessionRow }> {
  const token = randomBytes(32).toString("base64url");
  const [session] = await db
    .insert(operatorSessions)
    .values({
      tokenHash: hashOf(token),
      id: `ses_${randomBytes(9).toString("base64url")}`,
      operatorId,
      csrfToken: randomBytes(24).toString("base64url"),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFE_MS),
    })
    .returning();
  return { token, session: session! };
}

/** The session of `token` and its operator, if it is still alive at `now`; touches its last-seen time. */
export async function liveSession(db: Db, token: string, idleMs: number, now: Date): Promise<LiveSession | null> {
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashOf(token)),
        isNull(operatorSessions.revokedAt),
        isNull(operators.disabledAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: now })
      .where(eq(operatorSessions.tokenHash, row.session.tokenHash));
  }
  return row;
}

export async function revokeSessionByToken(db: Db, token: string, now: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.tokenHash, hashOf(token)), isNull(operatorSessions.revokedAt)));
}

/** Revokes a session by its public id; returns its operator's id, or null if there was no such live session. */
export async function revokeSession(db: Db, id: string, now: Date): Promise<string | null> {
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)))
    .returning({ operatorId: operatorSessions.operatorId });
  return rows[0]?.operatorId ?? null;
}

export async function revokeOperatorSessions(db: Db, operatorId: string, now: Date): Promise<number> {
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return rows.length;
}

/** Sessions not revoked nor expired at `now` (idle ones included: they show when each was last seen). */
export function openSessions(db: Db, now: Date) {
  return db
    .select({
      id: operatorSessions.id,
      operatorId: operatorSessions.operatorId,
      email: operators.email,
      ip: operatorSessions.ip,
      userAgent: operatorSessions.userAgent,
      createdAt: operatorSessions.createdAt,
      lastSeenAt: operatorSessions.lastSeenAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, now)))
    .orderBy(desc(operatorSessions.lastSeenAt));
}
