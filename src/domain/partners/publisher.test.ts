import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { payoutFor, postedFloorCents, publisherSettingsSchema } from "./publisher.ts";

const valid = {
  id: "acme-media",
  name: "Acme Media",
  aff_id: "A100",
  payout_kind: "revenue_share" as const,
  payout_amount: 2500,
  hold_days: 30,
  postback_url: "https://track.acme.example/pb?cid={clickid}&e={event}&p={payout}",
  enabled: true,
};

describe("a publisher's settings", () => {
  it("takes a valid publisher and names the field of each mistake", () => {
    expect(publisherSettingsSchema.safeParse(valid).success).toBe(true);
    const issues = (input: object) =>
      publisherSettingsSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.path.join("."));
    expect(issues({ id: "Acme Media" })).toEqual(["id"]);
    expect(issues({ aff_id: "a<script>" })).toEqual(["aff_id"]);
    expect(issues({ postback_url: "https://x.example/?e={email}" })).toEqual(["postback_url"]);
    expect(issues({ postback_url: "javascript:alert(1)" })).toEqual(["postback_url"]);
    expect(issues({ payout_amount: 10_001 })).toEqual(["payout_amount"]);
    expect(issues({ payout_kind: "per_sold", payout_amount: 10_001 })).toBeUndefined();
  });
});

describe("payoutFor", () => {
  it("pays each rule for its own event, a share rounded down to the cent", () => {
    expect(payoutFor({ payout_kind: "revenue_share", payout_amount: 2500 }, { kind: "sold", priceCents: 4199 })).toBe(
      1049,
    );
    expect(payoutFor({ payout_kind: "revenue_share", payout_amount: 2500 }, { kind: "completed" })).toBeNull();
    expect(payoutFor({ payout_kind: "per_sold", payout_amount: 700 }, { kind: "sold", priceCents: 1 })).toBe(700);
    expect(payoutFor({ payout_kind: "per_completed", payout_amount: 150 }, { kind: "completed" })).toBe(150);
    expect(
      payoutFor({ payout_kind: "per_completed", payout_amount: 150 }, { kind: "sold", priceCents: 900 }),
    ).toBeNull();
  });
});

describe("a posted lead's floor under its publisher's terms", () => {
  const terms = (kind: "revenue_share" | "per_sold", amount: number, minPayout?: number, margin?: number) => ({
    payout_kind: kind,
    payout_amount: amount,
    posted_min_payout_cents: minPayout ?? null,
    posted_min_margin_cents: margin ?? null,
  });

  it("is the least price at which the publisher earns its minimum and Loanpath keeps its margin", () => {
    // 40% of $30.00 is the $12.00 minimum; $8.32 keeps $5.00 after 40% of it ($3.328, paid as $3.32).
    expect(postedFloorCents(terms("revenue_share", 4_000, 1_200))).toBe(3_000);
    expect(postedFloorCents(terms("revenue_share", 4_000, undefined, 500))).toBe(832);
    expect(postedFloorCents(terms("revenue_share", 4_000))).toBe(0);
    // A fixed $15 per sale: the price covers it and the margin; a minimum above it can never be met.
    expect(postedFloorCents(terms("per_sold", 1_500, 1_000, 300))).toBe(1_800);
    expect(postedFloorCents(terms("per_sold", 1_500, 2_000))).toBeNull();
    // All of the price to the publisher leaves no margin; none of it earns no minimum.
    expect(postedFloorCents(terms("revenue_share", 10_000, undefined, 1))).toBeNull();
    expect(postedFloorCents(terms("revenue_share", 0, 1))).toBeNull();
  });

  it("meets both terms at its price and not one cent below, for any share and terms", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (share, minPayout, margin) => {
          const rule = terms("revenue_share", share, minPayout, margin);
          const floor = postedFloorCents(rule)!;
          const earns = (price: number) => payoutFor(rule, { kind: "sold", priceCents: price })!;
          const meets = (price: number) => earns(price) >= minPayout && price - earns(price) >= margin;
          expect(meets(floor)).toBe(true);
          if (floor > 0) expect(meets(floor - 1)).toBe(false);
        },
      ),
    );
  });
});
