import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { privacyRequests } from "../db/schema.ts";

// Do-not-sell request types after which a person's data is never sent to a buyer or a list again.
const STOP_SELLING_TYPES = ["DO_NOT_SELL", "DELETE"];

// docs/product/security-and-privacy.md: a suppressed e-mail or phone is never sent to a buyer or a marketing list
// again. Distribution and marketing ask this before sending; an unsubscribe or a request to stop selling or to
// delete, under the same e-mail or phone, suppresses.
export async function isSuppressed(
  db: Db,
  contact: { email?: string | null; phone?: string | null },
): Promise<boolean> {
  const who: SQL[] = [];
  if (contact.email) who.push(eq(privacyRequests.email, contact.email.trim().toLowerCase()));
  const digits = contact.phone?.replace(/\D/g, "");
  if (digits) who.push(eq(privacyRequests.phone, digits));
  if (who.length === 0) return false;
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
