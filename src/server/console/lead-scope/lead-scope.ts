import { sql, type SQL } from "drizzle-orm";
import { NONE, type LeadStage } from "../../../domain/contracts/console-reports.ts";

// Which leads a figure of the Today report counts, in SQL, for the report (console/reports) and the leads
// search (console/leads) alike: a figure's link opens exactly its leads only while both read these
// definitions (src/domain/contracts/console-reports.ts, figuresSchema and leadsQueryOf).

/** The lead row and its auction row as the query names them (an alias, or a drizzle table). */
type LeadTables = { lead: SQL; auction: SQL };

const none = sql.raw(`'${NONE}'`);

/** From inclusive, to exclusive: the report's periods end now, and a link's `to` is that open end. */
export const inPeriod = (column: SQL, from: string, to: string): SQL =>
  sql`${column} >= ${from}::timestamptz and ${column} < ${to}::timestamptz`;

/** Test leads (the lead's flag or its submission's) count nowhere. */
export const isLive = ({ lead, auction }: LeadTables): SQL =>
  sql`not ${lead}.test_mode and not coalesce(${auction}.test_mode, false)`;

/**
 * A buyer call's lead is live: not one of the test leads (by the lead's flag or its submission's), read from their two
 * small partial indexes as one hashed set rather than a lookup of every call's lead.
 */
export const callOfLiveLead = (leadId: SQL): SQL =>
  sql`${leadId} not in (select id from leads where test_mode union all select lead_id from auctions where test_mode)`;

/**
 * The submission's utm_source, else the one the lead was created with: the auction's `source` column holds exactly that
 * (kept by a trigger, docs/decisions/0048-console-exports.md#the-leads-source-as-a-column), and a lead with no
 * submission yet has only its own.
 */
export const sourceOf = ({ lead, auction }: LeadTables): SQL =>
  sql`coalesce(${auction}.source, ${lead}.utm_source, ${none})`;

export const affIdOf = ({ auction }: LeadTables): SQL =>
  sql`coalesce(${auction}.attribution->>'aff_id', ${auction}.attribution->>'tPar[affiliateId]', ${none})`;

export const subIdOf = ({ auction }: LeadTables): SQL =>
  sql`coalesce(${auction}.attribution->>'sub_source', ${auction}.attribution->>'aff_sub1', ${auction}.attribution->>'tPar[affiliateSubId]', ${none})`;

/** The brand the lead's first consent record named. */
export const brandOf = ({ lead }: LeadTables): SQL =>
  sql`coalesce((select c.placeholders->>'brand' from consent_records c where c.lead_id = ${lead}.id order by c.id limit 1), ${none})`;

export const reasonOf = ({ auction }: LeadTables): SQL => sql`coalesce(${auction}.reason, ${none})`;

/** Offered to at least one buyer: a ping or post in buyer_calls. */
const wasSent = ({ lead }: LeadTables): SQL => sql`exists (select 1 from buyer_calls k where k.lead_id = ${lead}.id)`;

/** The column that dates a stage: started by the lead's creation, the others by the final submission. */
const stageDate = (stage: LeadStage, { lead, auction }: LeadTables): SQL =>
  stage === "started" ? sql`${lead}.created_at` : sql`${auction}.created_at`;

/** A stage's leads in [from, to), test leads left out, as the report counts them. */
export function stageCondition(stage: LeadStage, tables: LeadTables, from?: string, to?: string): SQL {
  const date = stageDate(stage, tables);
  const { auction } = tables;
  const conditions = [isLive(tables), sql`${date} is not null`];
  if (from !== undefined) conditions.push(sql`${date} >= ${from}::timestamptz`);
  if (to !== undefined) conditions.push(sql`${date} < ${to}::timestamptz`);
  if (stage === "sent") conditions.push(wasSent(tables));
  if (stage === "sold" || stage === "redirected") conditions.push(sql`${auction}.status = 'accepted'`);
  if (stage === "rejected") conditions.push(sql`${auction}.status = 'rejected'`);
  if (stage === "redirected") conditions.push(sql`${auction}.redirected_at is not null`);
  return sql.join(conditions, sql` and `);
}
