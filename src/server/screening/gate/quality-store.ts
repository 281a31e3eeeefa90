import { eq, sql } from "drizzle-orm";
import type { CheckResult, QualityChecks } from "#domain/screening/quality-checks.ts";
import type { Db } from "../../platform/db/database.ts";
import { leadQuality, screeningCalls } from "../../platform/db/schema.ts";
import type { ServiceCall } from "./screening-check.ts";

// A lead's one quality record (docs/product/screening.md#the-quality-record): written once, with the day's counts of
// the outside calls it took, in one transaction; a second writer (a run resumed by another process) keeps the first
// record and counts nothing, so a lead is checked, and paid for, once.

export type QualityRecord = { checks: QualityChecks; refusedReason: string | null; ms: number; checkedAt: Date };

export async function readQuality(db: Db, leadId: string): Promise<QualityRecord | undefined> {
  const [row] = await db
    .select({
      checks: leadQuality.checks,
      refusedReason: leadQuality.refusedReason,
      ms: leadQuality.ms,
      checkedAt: leadQuality.checkedAt,
    })
    .from(leadQuality)
    .where(eq(leadQuality.leadId, leadId))
    .limit(1);
  return row;
}

/** Saves the record unless the lead has one; answers the record that stands. */
export async function saveQuality(
  db: Db,
  leadId: string,
  record: Omit<QualityRecord, "checkedAt">,
  calls: readonly ServiceCall[],
  now: Date = new Date(),
): Promise<QualityRecord> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(leadQuality)
      .values({ leadId, checks: record.checks, refusedReason: record.refusedReason, ms: record.ms, checkedAt: now })
      .onConflictDoNothing()
      .returning({ checkedAt: leadQuality.checkedAt });
    if (!inserted) {
      const [kept] = await tx.select().from(leadQuality).where(eq(leadQuality.leadId, leadId)).limit(1);
      if (kept) return kept;
      throw new Error("quality record neither written nor found");
    }
    const counted = countCalls(calls);
    if (counted.length > 0) {
      const day = now.toISOString().slice(0, 10);
      await tx
        .insert(screeningCalls)
        .values(counted.map((c) => ({ day, ...c })))
        .onConflictDoUpdate({
          target: [screeningCalls.day, screeningCalls.adapter, screeningCalls.outcome],
          set: { n: sql`${screeningCalls.n} + excluded.n` },
        });
    }
    return { ...record, checkedAt: inserted.checkedAt };
  });
}

function countCalls(calls: readonly ServiceCall[]) {
  const counts = new Map<string, { adapter: string; outcome: string; n: number }>();
  for (const call of calls) {
    const key = `${call.adapter}\u0000${call.outcome}`;
    const seen = counts.get(key);
    if (seen) seen.n++;
    else counts.set(key, { ...call, n: 1 });
  }
  return [...counts.values()];
}

/** Sets one check's answer on a lead's record (a certificate claimed at the sale), with the call it took. */
export async function setCheck(
  db: Db,
  leadId: string,
  name: keyof QualityChecks,
  result: CheckResult,
  call?: ServiceCall,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(leadQuality)
      .set({ checks: sql`jsonb_set(${leadQuality.checks}, ${`{${name}}`}::text[], ${JSON.stringify(result)}::jsonb)` })
      .where(eq(leadQuality.leadId, leadId));
    if (call) {
      await tx
        .insert(screeningCalls)
        .values({ day: new Date().toISOString().slice(0, 10), ...call, n: 1 })
        .onConflictDoUpdate({
          target: [screeningCalls.day, screeningCalls.adapter, screeningCalls.outcome],
          set: { n: sql`${screeningCalls.n} + 1` },
        });
    }
  });
}
