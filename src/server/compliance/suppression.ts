import { and, eq, inArray, isNotNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db, Tx } from "../platform/db/database.ts";
import { leads, privacyRequests, suppressionTombstones } from "../platform/db/schema.ts";
import { personHash } from "../platform/security/person-hash.ts";
import { STOP_SELLING_TYPES } from "./request-types.ts";

export type Contact = { email?: string | null; phones?: readonly (string | null | undefined)[] };

// docs/product/security-and-privacy.md: a suppressed e-mail or phone is never sent to a buyer or a marketing list
// again. Distribution and marketing ask this before sending; an unsubscribe or a request to stop selling, limit
// or delete, under the same e-mail or phone, suppresses, and so does a lead of that e-mail or phone whose
// visitor's browser sent Global Privacy Control: the signal is the person's request, for that lead and any later
// one. An erased person is known only by the keyed hashes of the tombstone (docs/product/privacy-requests.md).
export async function isSuppressed(db: Db, secret: Buffer, contact: Contact): Promise<boolean> {
  const hit = suppressedContact(db, secret, contact);
  if (!hit) return false;
  const [row] = await db.select({ hit }).from(sql`(select 1) as one`);
  return row?.hit === true;
}

/**
 * The same question as `isSuppressed`, as one boolean expression to ask inside another statement (the auction
 * reads the lead's state with it before a post); undefined when the contact has neither e-mail nor phone.
 */
export function suppressedContact(db: Db, secret: Buffer, contact: Contact): SQL<boolean> | undefined {
  const email = contact.email?.trim().toLowerCase();
  const digits = [...new Set((contact.phones ?? []).map((p) => p?.replace(/\D/g, "") ?? "").filter(Boolean))];
  if (!email && digits.length === 0) return undefined;
  // One round trip for the three questions: an auction asks before every post (docs/decisions/0038-auction-cost.md).
  const checks: SQLWrapper[] = [optedOut(db, email, digits), sentGlobalPrivacyControl(db, email, digits)];
  const hashes = tombstoneHashes(secret, contact);
  if (hashes.length > 0) checks.push(erased(db, hashes));
  return sql<boolean>`(${sql.join(
    checks.map((check) => sql`exists (${check})`),
    sql` or `,
  )})`;
}

/**
 * What stays of people whose data goes (an erasure, a purged Global Privacy Control request): the keyed
 * hashes of their e-mails and phones, which every later check looks for.
 */
export async function leaveTombstones(db: Db | Tx, secret: Buffer, contacts: readonly Contact[]): Promise<void> {
  const hashes = [...new Set(contacts.flatMap((contact) => tombstoneHashes(secret, contact)))];
  if (hashes.length === 0) return;
  await db
    .insert(suppressionTombstones)
    .values(hashes.map((hash) => ({ hash })))
    .onConflictDoNothing();
}

/** The keyed hashes kept of a contact. */
function tombstoneHashes(secret: Buffer, contact: Contact): string[] {
  const hashes = [
    personHash(secret, "email", contact.email),
    ...(contact.phones ?? []).map((phone) => personHash(secret, "phone", phone)),
  ];
  return [...new Set(hashes.filter((h): h is string => h !== null))];
}

function erased(db: Db, hashes: string[]) {
  return db
    .select({ hash: suppressionTombstones.hash })
    .from(suppressionTombstones)
    .where(inArray(suppressionTombstones.hash, hashes));
}

function sentGlobalPrivacyControl(db: Db, email: string | undefined, digits: string[]) {
  const who: SQL[] = [];
  // Leads keep the e-mail as typed; the index on it serves the exact match, lower() the rest.
  if (email) who.push(eq(leads.email, email), sql`lower(${leads.email}) = ${email}`);
  if (digits.length > 0) {
    who.push(inArray(leads.cell_phone, digits), inArray(leads.home_phone, digits), inArray(leads.work_phone, digits));
  }
  return db
    .select({ id: leads.id })
    .from(leads)
    .where(and(isNotNull(leads.doNotSellAt), or(...who)));
}

function optedOut(db: Db, email: string | undefined, digits: string[]) {
  const who: SQL[] = [];
  if (email) who.push(eq(privacyRequests.email, email));
  if (digits.length > 0) who.push(inArray(privacyRequests.phone, digits));
  return db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .where(
      and(
        or(...who),
        or(
          eq(privacyRequests.kind, "unsubscribe"),
          and(eq(privacyRequests.kind, "do-not-sell"), inArray(privacyRequests.requestType, [...STOP_SELLING_TYPES])),
        ),
      ),
    );
}
