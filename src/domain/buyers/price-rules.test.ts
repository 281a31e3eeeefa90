import { describe, expect, it } from "vitest";
import { buyerSchema } from "./buyer-schema.ts";
import { fixedPriceFor, floorFor } from "./price-rules.ts";

// A buyer's price for a lead (docs/product/buyer-money.md#prices): the first matching rule, the base price otherwise.

const RULES = [
  { states: ["TX"], creditScores: ["GOOD", "EXCELLENT"], price: 40 },
  { states: ["TX", "FL"], price: 25 },
  { loanAmount: { min: 1000, max: 2000 }, price: 18 },
  { sources: ["google"], publishers: ["aff-7"], price: 16 },
];
const pricing = { price: 10, rules: RULES };

describe("fixedPriceFor", () => {
  it("takes the first rule whose every condition matches, in the order listed", () => {
    expect(fixedPriceFor(pricing, { state: "TX", credit_score: "GOOD", loan_amount: 1500 })).toEqual({
      price: 40,
      rule: 0,
    });
    // Texas with fair credit falls through the first rule to the second, though the third matches too.
    expect(fixedPriceFor(pricing, { state: "TX", credit_score: "FAIR", loan_amount: 1500 })).toEqual({
      price: 25,
      rule: 1,
    });
    expect(fixedPriceFor(pricing, { state: "NY", loan_amount: 2000 }).price).toBe(18);
    expect(fixedPriceFor(pricing, { state: "NY", loan_amount: 2001 }).price).toBe(10);
  });

  it("matches a source and a publisher only together, the publisher read from either tracking key", () => {
    expect(fixedPriceFor(pricing, { utm_source: "google", aff_id: "aff-7" }).price).toBe(16);
    expect(fixedPriceFor(pricing, { utm_source: "google", "tPar[affiliateId]": "aff-7" }).price).toBe(16);
    expect(fixedPriceFor(pricing, { utm_source: "google", aff_id: "aff-8" })).toEqual({ price: 10, rule: null });
    expect(fixedPriceFor({ price: 9 }, { state: "TX" })).toEqual({ price: 9, rule: null });
  });
});

describe("floorFor", () => {
  it("uses the lead's state's floor, else the buyer's one floor", () => {
    const bidder = { floor: 5, stateFloors: { TX: 25, CA: 0 } };
    expect([
      floorFor(bidder, { state: "TX" }),
      floorFor(bidder, { state: "CA" }),
      floorFor(bidder, { state: "NY" }),
    ]).toEqual([25, 0, 5]);
  });
});

describe("the buyer schema", () => {
  const base = {
    id: "b",
    name: "B",
    kind: "lead_buyer",
    mode: "direct_post",
    protocol: "json",
    post: { url: "https://b.example/post", fields: [], answer: { success: { path: "ok", equals: [true] } } },
  };
  const issues = (config: object) =>
    buyerSchema.safeParse({ ...base, ...config }).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];

  it("refuses a rule without a condition, floors by state for a fixed price, and credit without a limit", () => {
    expect(issues({ pricing: { kind: "fixed", price: 5, rules: [{ price: 7 }] } })).toEqual([
      "pricing.rules.0: names at least one condition (states, credit, amount, source or publisher); the base price covers every lead",
    ]);
    expect(issues({ pricing: { kind: "fixed", price: 5 }, stateFloors: { TX: 3 } })).toEqual([
      "stateFloors: floors are for bidding buyers; use price rules",
    ]);
    expect(issues({ pricing: { kind: "bid" }, billing: { kind: "credit" } })).toEqual([
      "billing.creditLimit: a buyer on credit needs a credit limit",
    ]);
    expect(issues({ pricing: { kind: "bid" }, billing: { kind: "prepaid", lowRoomAlert: 50 } })).toEqual([
      "billing.email: a low-room alert needs an e-mail address",
    ]);
  });

  it("reads a buyer without billing as unbilled, invoiced monthly", () => {
    const parsed = buyerSchema.parse({ ...base, pricing: { kind: "bid" } });
    expect(parsed.billing).toEqual({ kind: "none", invoicePeriod: "monthly" });
    expect(parsed.budget).toEqual({});
  });
});
