import { sql } from "drizzle-orm";
import { auctions, leads } from "../../platform/db/schema.ts";

/**
 * Whether the lead's application was sent (it has an auction), as a condition on a query over `leads`: the
 * sweep asks it before a reminder is queued and the send check again before one leaves, and both must mean
 * the same thing by "sent".
 */
export const applicationSent = sql<boolean>`exists (select 1 from ${auctions} where ${auctions.leadId} = ${leads.id})`;
