import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database.ts";
import { auditLog } from "../../platform/db/schema.ts";
import { endOf, startOf } from "../filters/filter-dates.ts";

// The console's audit log (docs/decisions/0034-operator-console.md#audit): one row per operator action and per
// reveal of personal data. The table refuses updates and deletes (migration 0009); this module only appends
// and reads. Details never hold personal data: ids, field names, counts, what changed in a buyer.

export type Actor = { id: string | null; email: string; ip?: string | null };

export type AuditEntry = {
  action: string;
  target?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
};

export async function recordAction(db: Db | Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: actor.id,
    operatorEmail: actor.email,
    action: entry.action,
    target: entry.target ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
    ip: actor.ip ?? null,
  });
}

type AuditFilters = { action?: string; target?: string; operator?: string; from?: string; to?: string };
export type AuditQuery = AuditFilters & { before?: number; limit: number };

/** Newest first; `before` pages back from an id (the CSV export's batches page the same way). */
export async function readAudit(db: Db, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.before !== undefined) conditions.push(lt(auditLog.id, query.before));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.target) conditions.push(eq(auditLog.target, query.target));
  if (query.operator) {
    const person = query.operator;
    conditions.push(or(eq(auditLog.operatorId, person), sql`lower(${auditLog.operatorEmail}) = lower(${person})`)!);
  }
  if (query.from) conditions.push(gte(auditLog.createdAt, startOf(query.from)));
  if (query.to) conditions.push(lt(auditLog.createdAt, endOf(query.to)));
  return db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
}

export type AuditRecord = Awaited<ReturnType<typeof readAudit>>[number];
