import { and, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { leads, privacyRequests } from "../db/schema.ts";

// Do-not-sell request types after which a person's data is never sent to a buyer or a list again.
const STOP_SELLING_TYPES = ["DO_NOT_SELL", "DELETE"];

// docs/product/security-and-privacy.md: a suppressed e-mail or phone is never sent to a buyer or a marketing list
// again. Distribution and marketing ask this before sending; an unsubscribe or a request to stop selling or to
// delete, under the same e-mail or phone, suppresses, and so does a lead of that e-mail or phone whose visitor's
// browser sent Global Privacy Control: the signal is the person's request, for that lead and any later one.
export async function isSuppressed(
  db: Db,
  contact: { email?: string | null; phones?: readonly (string | null | undefined)[] },
): Promise<boolean> {
  const email = contact.email?.trim().toLowerCase();
  const digits = [...new Set((contact.phones ?? []).map((p) => p?.replace(/\D/g, "") ?? "").filter(Boolean))];
  if (!email && digits.length === 0) return false;
  return (await optedOut(db, email, digits)) || (await sentGlobalPrivacyControl(db, email, digits));
}

async function sentGlobalPrivacyControl(db: Db, email: string | undefined, digits: string[]) {
  const who: SQL[] = [];
  // Leads keep the e-mail as typed; the index on it serves the exact match, lower() the rest.
  if (email) who.push(eq(leads.email, email), sql`lower(${leads.email}) = ${email}`);
  if (digits.length > 0) who.push(inArray(leads.cell_phone, digits), inArray(leads.home_phone, digits));
  const [hit] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(isNotNull(leads.doNotSellAt), or(...who)))
    .limit(1);
  return hit !== undefined;
}

async function optedOut(db: Db, email: string | undefined, digits: string[]) {
  const who: SQL[] = [];
  if (email) who.push(eq(privacyRequests.email, email));
  if (digits.length > 0) who.push(inArray(privacyRequests.phone, digits));
  const [hit] = await db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .where(
      and(
        or(...who),
        or(
          eq(privacyRequests.kind, "unsubscribe"),
          and(
            eq(privacyRequests.kind, "do-not-sell"),
            inArray(sql`${privacyRequests.payload}->>'stateResidencyPrompt'`, STOP_SELLING_TYPES),
          ),
        ),
      ),
    )
    .limit(1);
  return hit !== undefined;
}
