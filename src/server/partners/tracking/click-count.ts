import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { publisherClicks } from "../../platform/db/schema.ts";

// Clicks on tracking links, counted per publisher, UTC day and sub1 (docs/product/partners.md#publishers): a
// number, never who clicked, so the count holds no personal data.

export async function countClick(db: Db, publisherId: string, sub1: string, at: Date): Promise<void> {
  await db
    .insert(publisherClicks)
    .values({ publisherId, day: at.toISOString().slice(0, 10), sub1, clicks: 1 })
    .onConflictDoUpdate({
      target: [publisherClicks.publisherId, publisherClicks.day, publisherClicks.sub1],
      set: { clicks: sql`${publisherClicks.clicks} + 1` },
    });
}
