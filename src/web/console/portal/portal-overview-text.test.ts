import { describe, expect, it } from "vitest";
import { filterFacts, ruleConditions } from "./portal-overview-text.ts";

describe("a buyer's terms in words", () => {
  it("says every filter it has, and none it has not", () => {
    const facts = filterFacts({
      licensed_states: null,
      filters: {
        minMonthlyIncome: 2000,
        payFrequencies: ["BIWEEKLY", "MONTHLY"],
        directDepositOnly: true,
        age: { min: 21 },
        military: false,
        publishers: { mode: "deny", entries: [{ affId: "A100" }, { affId: "B200", subId: "spring" }] },
        quality: { phoneLineTypes: ["mobile"], noVelocityFlag: true, addressMatch: true, unknownPasses: true },
      },
    });
    expect(Object.fromEntries(facts)).toEqual({
      "Monthly income": "$2,000 or more",
      Paid: "Every other week, Once a month",
      "Direct deposit": "Only applicants paid by direct deposit",
      Age: "21 or more",
      "Active military": "None",
      Publishers: "All but A100, B200 (sub id spring)",
      "Phone lines": "Mobile",
      Quality: "Not flagged for velocity; Zip, city and state agree",
    });
    expect(filterFacts({ licensed_states: null, filters: {} })).toEqual([]);
    expect(filterFacts({ licensed_states: [], filters: { publishers: { mode: "allow", entries: [] } } })).toEqual([
      ["Licensed in", "no state"],
      ["Publishers", "Only none listed"],
    ]);
  });

  it("says a price rule's conditions, each as the lead must meet it", () => {
    expect(ruleConditions({ loanAmount: { max: 800 }, sources: ["google"], publishers: ["A100"], price: 5 })).toBe(
      "amount up to $800; source google; publisher A100",
    );
  });
});
