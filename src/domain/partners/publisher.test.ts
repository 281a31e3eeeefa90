import { describe, expect, it } from "vitest";
import { payoutFor, publisherSettingsSchema } from "./publisher.ts";

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
