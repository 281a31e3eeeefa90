import { eq, sql } from "drizzle-orm";
import type { CheckResult, QualityChecks } from "#domain/screening/quality-checks.ts";
import type { Db } from "../../platform/db/database.ts";
import { rowsOf } from "../../platform/db/rows-of.ts";
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

/**
 * Saves the record unless the lead has one, and counts its calls only when it was saved: one statement (the gate runs
 * before every auction, and each statement is a round trip, or on the embedded database the server's own CPU).
 * Answers the record that stands.
 */
export async function saveQuality(
  db: Db,
  leadId: string,
  record: Omit<QualityRecord, "checkedAt">,
  calls: readonly ServiceCall[],
  now: Date = new Date(),
): Promise<QualityRecord> {
  const counted = countCalls(calls).map((c) => ({ ...c, day: now.toISOString().slice(0, 10) }));
  const count =
    counted.length === 0
      ? sql``
      : sql`, counted as (
          insert into screening_calls (day, adapter, outcome, n)
          select v.day, v.adapter, v.outcome, v.n
          from jsonb_to_recordset(${JSON.stringify(counted)}::jsonb) as v(day text, adapter text, outcome text, n int)
          where exists (select 1 from saved)
          on conflict (day, adapter, outcome) do update set n = screening_calls.n + excluded.n)`;
  const [saved] = await rowsOf<{ checked_at: string }>(
    db,
    sql`with saved as (
        insert into lead_quality (lead_id, checks, refused_reason, ms, checked_at)
        values (${leadId}, ${JSON.stringify(record.checks)}::jsonb, ${record.refusedReason}, ${record.ms},
          ${now.toISOString()}::timestamptz)
        on conflict (lead_id) do nothing
        returning checked_at)${count}
      select checked_at from saved`,
  );
  if (saved) return { ...record, checkedAt: new Date(saved.checked_at) };
  // Another run saved it first: its record stands, and its calls were the ones counted.
  const kept = await readQuality(db, leadId);
  if (!kept) throw new Error("quality record neither written nor found");
  return kept;
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
