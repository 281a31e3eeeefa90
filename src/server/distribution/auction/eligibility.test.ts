import { describe, expect, it } from "vitest";
import { buyerSchema } from "#domain/buyers/buyer-schema.ts";
import { MAX_PUBLISHER_ENTRIES } from "#domain/buyers/publisher-filter.ts";
import { ineligibility } from "./eligibility.ts";
import type { LeadDocument } from "./lead-document.ts";

// A buyer's allow or deny list of publishers and sub ids (docs/product/lender-network.md#eligibility), as the
// auction reads it: the lead's publisher is its aff_id (else tPar[affiliateId]), its sub id sub_source (else
// aff_sub1, else tPar[affiliateSubId]); a lead with no publisher is the product's own and always offered.

const NOW = new Date("2026-03-02T15:00:00Z");

const buyerWith = (publishers: unknown) =>
  buyerSchema.parse({
    id: "picky",
    name: "Picky",
    kind: "lead_buyer",
    mode: "direct_post",
    protocol: "json",
    post: { url: "https://picky.example/post", fields: [], answer: { success: { path: "ok", equals: [true] } } },
    pricing: { kind: "fixed", price: 10 },
    testMode: "both",
    filters: { states: ["NY"], publishers },
  });

const lead = (tracking: Record<string, string> = {}): LeadDocument => ({ state: "NY", ...tracking });
const why = (publishers: unknown, doc: LeadDocument) => ineligibility(buyerWith(publishers), doc, false, NOW);
const filtered = (detail: string) => ({ outcome: "filtered", detail });

describe("a buyer's deny list", () => {
  const deny = {
    mode: "deny",
    entries: [{ affId: "cheapclicks" }, { affId: "mixed", subId: "spam" }],
  };

  it("refuses every sub id of a publisher listed without one", () => {
    expect(why(deny, lead({ aff_id: "cheapclicks" }))).toEqual(filtered("publisher"));
    expect(why(deny, lead({ aff_id: "cheapclicks", aff_sub1: "anything" }))).toEqual(filtered("publisher"));
  });

  it("refuses only the sub id named, taking the publisher's other traffic", () => {
    expect(why(deny, lead({ aff_id: "mixed", aff_sub1: "spam" }))).toEqual(filtered("sub id"));
    expect(why(deny, lead({ aff_id: "mixed", sub_source: "spam", aff_sub1: "email" }))).toEqual(filtered("sub id"));
    expect(why(deny, lead({ aff_id: "mixed", aff_sub1: "email" }))).toBeUndefined();
    expect(why(deny, lead({ aff_id: "mixed" }))).toBeUndefined();
    // sub_source is the lead's sub id before aff_sub1, as the console reads it.
    expect(why(deny, lead({ aff_id: "mixed", sub_source: "email", aff_sub1: "spam" }))).toBeUndefined();
  });

  it("takes other publishers, and the product's own leads", () => {
    expect(why(deny, lead({ aff_id: "goodtraffic" }))).toBeUndefined();
    expect(why(deny, lead())).toBeUndefined();
    expect(why(deny, lead({ utm_source: "google" }))).toBeUndefined();
  });

  it("reads the publisher from tPar[affiliateId] when there is no aff_id", () => {
    expect(why(deny, lead({ "tPar[affiliateId]": "cheapclicks" }))).toEqual(filtered("publisher"));
    expect(why(deny, lead({ "tPar[affiliateId]": "mixed", "tPar[affiliateSubId]": "spam" }))).toEqual(
      filtered("sub id"),
    );
    // aff_id is the one credited when a lead carries both.
    expect(why(deny, lead({ aff_id: "goodtraffic", "tPar[affiliateId]": "cheapclicks" }))).toBeUndefined();
  });
});

describe("a buyer's allow list", () => {
  const allow = {
    mode: "allow",
    entries: [{ affId: "trusted" }, { affId: "partly", subId: "search" }, { affId: "partly", subId: "social" }],
  };

  it("takes the publishers listed, every sub id of one listed without a sub id", () => {
    expect(why(allow, lead({ aff_id: "trusted" }))).toBeUndefined();
    expect(why(allow, lead({ aff_id: "trusted", aff_sub1: "whatever" }))).toBeUndefined();
  });

  it("takes only the sub ids named of a publisher listed with them", () => {
    expect(why(allow, lead({ aff_id: "partly", aff_sub1: "search" }))).toBeUndefined();
    expect(why(allow, lead({ aff_id: "partly", sub_source: "social" }))).toBeUndefined();
    expect(why(allow, lead({ aff_id: "partly", aff_sub1: "email" }))).toEqual(filtered("sub id"));
    expect(why(allow, lead({ aff_id: "partly" }))).toEqual(filtered("sub id"));
  });

  it("refuses a publisher not listed, by aff_id or tPar[affiliateId]", () => {
    expect(why(allow, lead({ aff_id: "stranger" }))).toEqual(filtered("publisher"));
    expect(why(allow, lead({ "tPar[affiliateId]": "stranger" }))).toEqual(filtered("publisher"));
    expect(why(allow, lead({ "tPar[affiliateId]": "trusted" }))).toBeUndefined();
  });

  it("compares aff ids exactly, as the tracking keeps them", () => {
    expect(why(allow, lead({ aff_id: "Trusted" }))).toEqual(filtered("publisher"));
  });

  it("still offers the product's own leads, even with no entry at all", () => {
    expect(why(allow, lead())).toBeUndefined();
    expect(why({ mode: "allow", entries: [] }, lead())).toBeUndefined();
    expect(why({ mode: "allow", entries: [] }, lead({ aff_id: "trusted" }))).toEqual(filtered("publisher"));
  });

  it("is checked after the other filters, so a lead from elsewhere names its state first", () => {
    expect(why(allow, { ...lead({ aff_id: "stranger" }), state: "CA" })).toEqual(filtered("state"));
  });
});

describe("the list's schema", () => {
  const problems = (publishers: unknown) => {
    const parsed = buyerSchema.safeParse({ ...buyerWith(undefined), filters: { publishers } });
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("takes a list of aff ids with optional sub ids", () => {
    expect(problems({ mode: "deny", entries: [{ affId: "pub-1" }, { affId: "pub-1", subId: "a b.c" }] })).toEqual([]);
  });

  it("refuses the same entry twice, on the second", () => {
    const twice = { mode: "deny", entries: [{ affId: "x", subId: "s" }, { affId: "y" }, { affId: "x", subId: "s" }] };
    expect(problems(twice)).toEqual(["filters.publishers.entries.2.affId: is listed twice (same sub id)"]);
  });

  it("refuses values the tracking could never keep, an unknown mode and too long a list", () => {
    expect(problems({ mode: "deny", entries: [{ affId: "" }, { affId: "a", subId: "<b>" }] })).toEqual([
      expect.stringMatching(/^filters\.publishers\.entries\.0\.affId: must be up to 100/),
      expect.stringMatching(/^filters\.publishers\.entries\.1\.subId: must be up to 100/),
    ]);
    expect(problems({ mode: "only", entries: [] })).toEqual(["filters.publishers.mode: must be allow or deny"]);
    const many = Array.from({ length: MAX_PUBLISHER_ENTRIES + 1 }, (_, i) => ({ affId: `p${i}` }));
    expect(problems({ mode: "deny", entries: many })).toEqual([
      `filters.publishers.entries: must list at most ${MAX_PUBLISHER_ENTRIES} entries`,
    ]);
  });
});
