import { and, eq, getTableColumns, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database.ts";
import { leads, stepEvents } from "../../platform/db/schema.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import type { LeadWrite } from "#domain/contracts/lead.ts";
import { isSensitiveField, isServerField } from "#domain/fields/lead-fields.ts";
import { executeShaped, preparedPer } from "../../platform/db/prepared.ts";
import { encryptedColumn, last4Column } from "./lead-columns.ts";
import { changesSearchFields, replaceSearchHashes } from "./lead-search-hashes.ts";

/** The fields one write changes, by server name; null clears one. */
export type LeadChanges = LeadWrite;

export type LeadRow = typeof leads.$inferSelect;
/**
 * What a write needs beyond the database: the cipher of the sensitive columns, and the secret of the keyed
 * hashes the console finds a lead by (lead-search-hashes.ts).
 */
export type LeadKeys = { cipher: PiiCipher; hashSecret: Buffer };
/** More writes that must land with the lead's, or not at all (consent evidence). */
type AlsoInTransaction = (tx: Tx) => Promise<void>;

/** The value a step event records for a field: sensitive ones only as "provided", never in clear. */
function historyValue(field: string, value: unknown): unknown {
  if (!isSensitiveField(field)) return value;
  return value === null ? null : "[provided]";
}

/** Column values for a set of changes, encrypting what must be (bound to this lead and column). */
function columnValues(cipher: PiiCipher, leadId: string, changes: LeadChanges): Partial<typeof leads.$inferInsert> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (isSensitiveField(field)) {
      values[encryptedColumn(field)] = value === null ? null : cipher.encrypt(String(value), `${leadId}:${field}`);
      const last4 = last4Column(field);
      if (last4) values[last4] = value === null ? null : String(value).slice(-4);
    } else if (isServerField(field)) {
      values[field] = value;
    }
  }
  return values as Partial<typeof leads.$inferInsert>;
}

export async function insertLead(
  db: Db,
  keys: LeadKeys,
  lead: {
    id: string;
    accessTokenHash: string;
    userIp: string | undefined;
    changes: LeadChanges;
    slug: string;
    doNotSell: boolean;
  },
  also?: AlsoInTransaction,
): Promise<LeadRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        id: lead.id,
        accessTokenHash: lead.accessTokenHash,
        user_ip: lead.userIp,
        doNotSellAt: lead.doNotSell ? sql`now()` : null,
        ...columnValues(keys.cipher, lead.id, lead.changes),
      })
      .returning();
    if (changesSearchFields(lead.changes)) await replaceSearchHashes(tx, keys.hashSecret, row as LeadRow);
    await tx
      .insert(stepEvents)
      .values({ leadId: lead.id, step: null, slug: lead.slug, changes: history(lead.changes) });
    await also?.(tx);
    return row as LeadRow;
  });
}

/** One save of a lead: its changed fields, the step that sent them, and whether it carried GPC. */
export type LeadUpdate = { changes: LeadChanges; step: number | null; slug: string; doNotSell?: boolean };

/** Sets the do-not-sell time once; a later request without the signal never clears it. */
const doNotSellOnce = sql`coalesce(${leads.doNotSellAt}, now())`;

/**
 * A lead that is still the person's: an erased or purged one (src/server/workflows/privacy/erase-leads.ts) takes no
 * write again, even from a request that passed its access check just before the erasure committed.
 */
const notErased = (leadId: string) => and(eq(leads.id, leadId), notInArray(leads.status, ["erased", "purged"]));

/** Records a do-not-sell request (Global Privacy Control on a read) without changing anything else. */
export async function markDoNotSell(db: Db, leadId: string): Promise<LeadRow | undefined> {
  const [row] = await db.update(leads).set({ doNotSellAt: doNotSellOnce }).where(notErased(leadId)).returning();
  return row;
}

export async function updateLead(
  db: Db,
  keys: LeadKeys,
  leadId: string,
  update: LeadUpdate,
  also?: AlsoInTransaction,
): Promise<LeadRow | undefined> {
  return db.transaction((tx) => applyUpdate(tx, keys, leadId, update, also));
}

/**
 * An update that must first agree with the saved lead (the work phone against the cell and home phones).
 * The row is locked while `check` reads it, so two saves at once cannot both pass a check that only one
 * of them should. Answers the problems instead of saving when `check` finds any.
 */
export async function updateLeadChecked<P extends Record<string, string>>(
  db: Db,
  keys: LeadKeys,
  leadId: string,
  update: LeadUpdate,
  check: (saved: LeadRow) => P,
  also?: AlsoInTransaction,
): Promise<{ row: LeadRow } | { problems: P } | undefined> {
  return db.transaction(async (tx) => {
    const [saved] = await tx.select().from(leads).where(notErased(leadId)).for("update");
    if (!saved) return undefined;
    const problems = check(saved);
    if (Object.keys(problems).length > 0) return { problems };
    const row = await applyUpdate(tx, keys, leadId, update, also);
    return row ? { row } : undefined;
  });
}

async function applyUpdate(
  tx: Tx,
  keys: LeadKeys,
  leadId: string,
  update: LeadUpdate,
  also?: AlsoInTransaction,
): Promise<LeadRow | undefined> {
  const [row] = await tx
    .update(leads)
    .set({
      ...columnValues(keys.cipher, leadId, update.changes),
      ...(update.doNotSell ? { doNotSellAt: doNotSellOnce } : {}),
      updated_at: sql`now()`,
    })
    .where(notErased(leadId))
    .returning();
  if (!row) return undefined;
  if (changesSearchFields(update.changes)) await replaceSearchHashes(tx, keys.hashSecret, row);
  await tx
    .insert(stepEvents)
    .values({ leadId, step: update.step, slug: update.slug, changes: history(update.changes) });
  await also?.(tx);
  return row;
}

// Read several times per auction (the send, every ping, the run, before each post): prepared once.
const leadById = preparedPer((db) =>
  db
    .select()
    .from(leads)
    .where(eq(leads.id, sql.placeholder("leadId")))
    .limit(1)
    .prepare("find_lead"),
);

export async function findLead(db: Db, leadId: string): Promise<LeadRow | undefined> {
  const [row] = await leadById(db).execute({ leadId });
  return row;
}

export async function rotateAccessToken(db: Db, leadId: string, accessTokenHash: string): Promise<void> {
  await db
    .update(leads)
    .set({ accessTokenHash, updated_at: sql`now()` })
    .where(notErased(leadId));
}

function history(changes: LeadChanges): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, historyValue(k, v)]),
  );
}

const COLUMNS = getTableColumns(leads);
const COLUMN_ENTRIES = Object.entries(COLUMNS);
// The columns by name rather than `*`: a named statement returning `*` fails once a migration adds a column
// (a process still running beside the one that migrated).
const RETURNED = sql.raw(
  Object.values(COLUMNS)
    .map((column) => `"${column.name}"`)
    .join(", "),
);

/**
 * A step update in one statement: the access check, the update and the history row together. On the
 * embedded database every statement is a round trip through one connection, so this is what makes
 * step updates fast (bench/run.ts). The token hash is compared inside the WHERE clause: it is the hash
 * of a 256-bit random token, so timing reveals nothing an attacker can steer. A step that changes an e-mail
 * or a phone also replaces the lead's search hashes, in a transaction with the statement.
 */
export async function updateLeadWithToken(
  db: Db,
  keys: LeadKeys,
  access: { leadId: string; tokenHash: string },
  update: LeadUpdate,
): Promise<LeadRow | undefined> {
  if (!changesSearchFields(update.changes)) return updateStatement(db, keys.cipher, access, update);
  return db.transaction(async (tx) => {
    const row = await updateStatement(tx, keys.cipher, access, update);
    if (row) await replaceSearchHashes(tx, keys.hashSecret, row);
    return row;
  });
}

async function updateStatement(
  db: Db | Tx,
  cipher: PiiCipher,
  access: { leadId: string; tokenHash: string },
  update: LeadUpdate,
): Promise<LeadRow | undefined> {
  const values = columnValues(cipher, access.leadId, update.changes) as Record<string, unknown>;
  const columns = Object.keys(values);
  // The text depends only on which columns change: built once per set of columns, filled in per save.
  const shape = `${columns.join(",")}${update.doNotSell ? "+do_not_sell" : ""}`;
  const result = await executeShaped(
    db,
    "lead-step",
    shape,
    () => {
      const sets = columns.map(
        (prop, i) => sql`${sql.identifier(COLUMNS[prop as keyof typeof COLUMNS].name)} = ${sql.placeholder(`c${i}`)}`,
      );
      if (update.doNotSell) sets.push(sql`do_not_sell_at = coalesce(do_not_sell_at, now())`);
      sets.push(sql`updated_at = now()`);
      return sql`
    with u as (
      update leads set ${sql.join(sets, sql`, `)}
      where id = ${sql.placeholder("leadId")} and access_token_hash = ${sql.placeholder("tokenHash")}
      returning ${RETURNED}
    ), e as (
      insert into step_events (lead_id, step, slug, changes)
      select id, ${sql.placeholder("step")}, ${sql.placeholder("slug")}, ${sql.placeholder("history")}::jsonb from u
    )
    select * from u`;
    },
    {
      ...Object.fromEntries(columns.map((prop, i) => [`c${i}`, values[prop]])),
      leadId: access.leadId,
      tokenHash: access.tokenHash,
      step: update.step,
      slug: update.slug,
      history: JSON.stringify(history(update.changes)),
    },
  );
  const raw = result.rows[0];
  if (!raw) return undefined;
  const row: Record<string, unknown> = {};
  for (const [prop, column] of COLUMN_ENTRIES) {
    const value = raw[column.name];
    row[prop] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as LeadRow;
}
