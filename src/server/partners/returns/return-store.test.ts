import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { decideReturn } from "./return-decision.ts";
import { fileReturn, isRefusal } from "./return-store.ts";
import { allowedReturns, DEFAULT_RETURN_TERMS } from "./return-terms.ts";
import { earlierThisMonth, recordingSink, seedSale } from "./returns.testing.ts";

const HOUR = 3_600_000;

describe("filing returns", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const file = (buyerId: string, leadId: string) =>
    fileReturn(database.db, { buyerId, leadId, reason: "fraud", source: "api", terms: DEFAULT_RETURN_TERMS });

  it("lets only one of two returns sent at once take the cap's last place", async () => {
    const soldAt = earlierThisMonth(HOUR);
    const leads: string[] = [];
    for (let i = 0; i < 10; i++)
      leads.push(await seedSale(database.db, { buyerId: "buyer-r", priceCents: 1_000, soldAt }));
    const results = await Promise.all([file("buyer-r", leads[0]!), file("buyer-r", leads[1]!)]);
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(1);
    expect(results.filter(isRefusal).map((r) => r.status)).toEqual([422]);
  });

  it("takes a lead back again after its return was rejected, and not after one was approved", async () => {
    const soldAt = earlierThisMonth(HOUR);
    const leadId = await seedSale(database.db, { buyerId: "buyer-s", priceCents: 1_000, soldAt });
    for (let i = 0; i < 19; i++) await seedSale(database.db, { buyerId: "buyer-s", priceCents: 1_000, soldAt });
    const first = await file("buyer-s", leadId);
    if (isRefusal(first)) throw new Error(first.message);
    const sink = recordingSink();
    await decideReturn(database.db, { id: first.id, decision: "rejected", note: "no", operatorId: "op", sink });
    const second = await file("buyer-s", leadId);
    if (isRefusal(second)) throw new Error(second.message);
    await decideReturn(database.db, { id: second.id, decision: "approved", note: "yes", operatorId: "op", sink });
    expect(await file("buyer-s", leadId)).toEqual({
      status: 409,
      message: "This lead was returned already; that return is approved.",
    });
  });

  it("allows the cap's share rounded down, at least one, none at 0%", () => {
    expect(allowedReturns(0, DEFAULT_RETURN_TERMS)).toBe(1);
    expect(allowedReturns(19, DEFAULT_RETURN_TERMS)).toBe(1);
    expect(allowedReturns(25, DEFAULT_RETURN_TERMS)).toBe(2);
    expect(allowedReturns(25, { window_days: 7, cap_percent: 0 })).toBe(0);
    expect(allowedReturns(3, { window_days: 7, cap_percent: 100 })).toBe(3);
  });
});
