import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { LEAD_QUERY_MESSAGE, type LeadSearchRow, type LeadSearchStatus } from "#domain/contracts/console-leads.ts";
import { NONE, type LeadStage } from "#domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { auctions, buyerCalls, leads, leadSearchHashes, publishers } from "../../platform/db/schema.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import { LEAD_ID_PATTERN } from "../../intake/leads/lead-access.ts";
import { endOf, startOf } from "../filters/filter-dates.ts";
import { affIdOf, brandOf, reasonOf, sourceOf, stageCondition, subIdOf } from "../lead-scope/lead-scope.ts";

// Lead search (issue 19, Leads): by lead id, or by e-mail or phone through the keyed hashes the lead store keeps
// (intake/leads/lead-search-hashes.ts), never by reading plain text; by creation date, status, buyer and source;
// and by a Today report figure's query (stage, period, source, aff_id, sub_id, brand, reason), through the
// report's own definitions (console/lead-scope), so a figure's link finds exactly its leads.
// By the buyer's own reference id, through the calls that answered one. Newest first, paged by the key
// (created_at, id), so a page costs the same however deep it is; the CSV export reads its batches the same way.
// The count is capped (LEAD_COUNT_CAP): past it the scan would cost more than the page it describes.

export type LeadSearch = {
  q?: string;
  from?: string;
  to?: string;
  status?: LeadSearchStatus;
  buyer?: string;
  source?: string;
  stage?: LeadStage;
  aff_id?: string;
  sub_id?: string;
  brand?: string;
  reason?: string;
  buyer_ref?: string;
  cursor?: string;
  limit: number;
};

/** A search input the route answers with a 400 on the field. */
export class SearchInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

type Term = { id: string } | { hash: string };

/** What `q` is: a lead id, an e-mail, or a US phone (10 digits, or 11 with the country code). */
function searchTerm(secret: Buffer, q: string): Term | undefined {
  if (LEAD_ID_PATTERN.test(q)) return { id: q };
  if (q.includes("@")) return { hash: personHash(secret, "email", q)! };
  const digits = q.replace(/\D/g, "");
  const phone = /^[\d\s()+.-]+$/.test(q) && (digits.length === 10 || (digits.length === 11 && digits.startsWith("1")));
  return phone ? { hash: personHash(secret, "phone", digits)! } : undefined;
}

export const leadStatus = sql<LeadSearchStatus>`case
  when ${auctions.status} = 'accepted' then 'sold'
  when ${auctions.status} = 'rejected' then 'rejected'
  when ${auctions.leadId} is not null then 'completed'
  else 'in_progress' end`;

const tables = { lead: sql`${leads}`, auction: sql`${auctions}` };
const source = sql<string | null>`nullif(${sourceOf(tables)}, ${NONE})`;
/** The report's narrowing filters, each by the report's definition. */
const NARROW = { source: sourceOf, aff_id: affIdOf, sub_id: subIdOf, brand: brandOf, reason: reasonOf } as const;

const STATUS_CONDITION: Record<LeadSearchStatus, SQL> = {
  in_progress: isNull(auctions.leadId),
  completed: isNotNull(auctions.leadId),
  sold: eq(auctions.status, "accepted"),
  rejected: eq(auctions.status, "rejected"),
};

// The cursor carries created_at as text with its microseconds: a JavaScript date keeps milliseconds only, and a
// key rounded down would skip or repeat the leads of that millisecond.
const createdKey = sql<string>`to_char(${leads.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const encodeCursor = (created: string, id: string) => Buffer.from(JSON.stringify([created, id])).toString("base64url");
function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      CURSOR_TIME.test(value[0]) &&
      LEAD_ID_PATTERN.test(value[1])
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // falls through to the refusal
  }
  throw new SearchInputError("cursor", "This page link is no longer valid; search again.");
}

/** Whether every lead the filters give has been submitted (has an auction row). */
const needsAuction = (search: Omit<LeadSearch, "limit">): boolean =>
  (search.status !== undefined && search.status !== "in_progress") ||
  search.buyer !== undefined ||
  (search.stage !== undefined && search.stage !== "started");

/** The filters as SQL conditions over `leads` left-joined to `auctions`, the cursor's bound included. */
function searchConditions(db: Db, secret: Buffer, search: Omit<LeadSearch, "limit">): SQL[] {
  const conditions: SQL[] = [];
  if (search.q) {
    const term = searchTerm(secret, search.q);
    if (!term) throw new SearchInputError("q", LEAD_QUERY_MESSAGE);
    conditions.push(
      "id" in term
        ? eq(leads.id, term.id)
        : inArray(
            leads.id,
            db
              .select({ id: leadSearchHashes.leadId })
              .from(leadSearchHashes)
              .where(eq(leadSearchHashes.hash, term.hash)),
          ),
    );
  }
  const withAuction = needsAuction(search);
  if (search.stage) {
    const bound = (value: string | undefined) => (value ? startOf(value).toISOString() : undefined);
    conditions.push(stageCondition(search.stage, tables, bound(search.from), bound(search.to)));
  } else {
    if (search.from) {
      conditions.push(gte(leads.created_at, startOf(search.from)));
      // Redundant, as no auction is older than its lead, but it lets a buyer's leads since a date be read from the
      // buyer's auctions since then (auctions_buyer_created_idx) rather than from every lead since then.
      if (withAuction) conditions.push(gte(auctions.createdAt, startOf(search.from)));
    }
    if (search.to) conditions.push(lt(leads.created_at, endOf(search.to)));
  }
  if (search.status) conditions.push(STATUS_CONDITION[search.status]);
  if (search.buyer) conditions.push(eq(auctions.buyerId, search.buyer));
  for (const [key, valueOf] of Object.entries(NARROW) as [
    keyof typeof NARROW,
    (typeof NARROW)[keyof typeof NARROW],
  ][]) {
    const value = search[key];
    if (value === undefined) continue;
    // Where every lead found has an auction, its source is the auction's column, which auctions_status_source_idx
    // reads with the status; `(none)` is the absence of one, which only the whole definition says.
    const indexed = key === "source" && withAuction && value !== NONE;
    conditions.push(indexed ? eq(auctions.source, value) : sql`${valueOf(tables)} = ${value}`);
  }
  if (search.buyer_ref) {
    conditions.push(
      inArray(
        leads.id,
        db.select({ id: buyerCalls.leadId }).from(buyerCalls).where(eq(buyerCalls.externalId, search.buyer_ref)),
      ),
    );
  }
  if (search.cursor) {
    const [created, id] = decodeCursor(search.cursor);
    conditions.push(sql`(${leads.created_at}, ${leads.id}) < (${created}::timestamptz, ${id})`);
  }
  return conditions;
}

/** How many leads the filters give, counting no further than `cap` (then `capped`). */
export async function countLeads(
  db: Db,
  secret: Buffer,
  search: Omit<LeadSearch, "limit" | "cursor">,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const conditions = searchConditions(db, secret, search);
  const matching = db
    .select({ one: sql`1` })
    .from(leads)
    .leftJoin(auctions, eq(auctions.leadId, leads.id))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .limit(cap + 1)
    .as("matching");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = row?.n ?? 0;
  return { total: Math.min(n, cap), capped: n > cap };
}

/** The sold lead's reference id in the buyer's own system, from its accepted post. */
const buyerRef = sql<string | null>`(select k.external_id from ${buyerCalls} k
  where k.lead_id = ${leads.id} and k.kind = 'post' and k.state = 'accepted' limit 1)`;

export async function searchLeads(
  db: Db,
  secret: Buffer,
  search: LeadSearch,
): Promise<{ leads: LeadSearchRow[]; nextCursor: string | null }> {
  const conditions = searchConditions(db, secret, search);
  const rows = await db
    .select({
      id: leads.id,
      createdKey,
      createdAt: leads.created_at,
      status: leadStatus,
      amount: leads.loan_amount,
      state: leads.state,
      buyer: auctions.buyerId,
      priceCents: auctions.priceCents,
      source,
      reason: auctions.reason,
      publisherId: publishers.id,
      publisherName: publishers.name,
      buyerRef,
    })
    .from(leads)
    .leftJoin(auctions, eq(auctions.leadId, leads.id))
    // Credited as the settle pass credits it: the submission's aff_id, by a publisher that existed then.
    .leftJoin(
      publishers,
      and(eq(publishers.affId, sql`${auctions.attribution}->>'aff_id'`), lte(publishers.createdAt, auctions.createdAt)),
    )
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(leads.created_at), desc(leads.id))
    .limit(search.limit + 1);

  const page = rows.slice(0, search.limit);
  const last = page[page.length - 1];
  return {
    leads: page.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      status: row.status,
      amount: row.amount,
      state: row.state,
      buyer: row.buyer,
      price_cents: row.priceCents,
      source: row.source,
      reason: row.reason,
      publisher_id: row.publisherId,
      publisher_name: row.publisherName,
      buyer_ref: row.buyerRef,
    })),
    nextCursor: rows.length > search.limit && last ? encodeCursor(last.createdKey, last.id) : null,
  };
}
