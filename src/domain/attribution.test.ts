import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ATTRIBUTION_KEYS, attributionFrom, keptAttributionValue } from "./attribution.ts";
import { leadSendRequest } from "./contracts/lead-send.ts";
import { FIXED_SUBMISSION } from "../../tests/fixtures/lead-send.ts";

// The traffic-source rule is one rule: what a landing keeps in the browser (attributionFrom) and what the
// server keeps of the final submission (leadSendRequest) are the same function of the same value
// (docs/product/lender-network.md#final-submission).

const SUBMISSION = FIXED_SUBMISSION;

const submitted = (fields: Record<string, unknown>) =>
  leadSendRequest.parse({ ...SUBMISSION, ...fields }) as unknown as Record<string, unknown>;

describe("one traffic-source rule", () => {
  it("keeps trimmed plain values up to 100 characters and known platforms, nothing else", () => {
    expect(keptAttributionValue("utm_source", "  google ")).toBe("google");
    expect(keptAttributionValue("aff_id", "9".repeat(100))).toBe("9".repeat(100));
    expect(keptAttributionValue("aff_id", "9".repeat(101))).toBeUndefined();
    expect(keptAttributionValue("utm_source", "<script>alert(1)</script>")).toBeUndefined();
    expect(keptAttributionValue("clickid", "")).toBeUndefined();
    expect(keptAttributionValue("platform", "pm")).toBe("pm");
    expect(keptAttributionValue("platform", "evil")).toBeUndefined();
    // "evil" is plain text: only the platform field has a list of values.
    expect(keptAttributionValue("sub_source", "evil")).toBe("evil");
  });

  it("is what the browser keeps of a landing and what the server keeps of a submission, for any value", () => {
    const value = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom("pm", "ho", "direct", "ndirect", "vl", "PM", " pm ", "a".repeat(100), "a".repeat(101)),
    );
    fc.assert(
      fc.property(fc.constantFrom(...ATTRIBUTION_KEYS), value, (key, raw) => {
        const rule = keptAttributionValue(key, raw);
        const browser = attributionFrom(new URLSearchParams([[key, raw]]), new Map())[key];
        const server = submitted({ [key]: raw })[key];
        expect(browser).toBe(rule);
        expect(server).toBe(rule);
      }),
      { numRuns: 300 },
    );
  });

  it("drops bad tracking values from a submission without refusing it, and keeps the good ones", () => {
    const body = submitted({
      utm_source: "<b>google</b>",
      aff_id: "x".repeat(300),
      platform: "evil",
      clickid: " click-1 ",
      "tPar[affiliateId]": "77",
    });
    expect(body).toMatchObject({ clickid: "click-1", "tPar[affiliateId]": "77" });
    for (const dropped of ["utm_source", "aff_id", "platform"]) expect(body[dropped]).toBeUndefined();
  });

  it("still refuses a tracking field that is not text, and bounds the fields outside the rule", () => {
    expect(leadSendRequest.safeParse({ ...SUBMISSION, aff_id: { $gt: "" } }).success).toBe(false);
    expect(leadSendRequest.safeParse({ ...SUBMISSION, jornayaLeadId: "j".repeat(201) }).success).toBe(false);
  });
});
