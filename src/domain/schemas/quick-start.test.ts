import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.ts";
import { loanConfirmSchema, quickStartSchema } from "./quick-start.ts";

function firstMessage(input: unknown, field: string) {
  const result = quickStartSchema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe("quick start schema (docs/product/validation.md)", () => {
  const good = { amount: "500", loanReason: "DEBT_CONSOLIDATION", zipCode: "10001" };

  it("parses the select's string amount to a number", () => {
    expect(quickStartSchema.parse(good)).toEqual({ amount: 500, loanReason: "DEBT_CONSOLIDATION", zipCode: "10001" });
  });

  it.each([
    ["amount", "", MESSAGES.loanAmountRequired],
    ["amount", "450", MESSAGES.loanAmountRequired],
    ["amount", "6000", MESSAGES.loanAmountRequired],
    ["loanReason", "", MESSAGES.loanReasonRequired],
    ["loanReason", "VACATION", MESSAGES.loanReasonRequired],
    ["zipCode", "", MESSAGES.zipRequired],
    ["zipCode", "1000", MESSAGES.zipLength],
    ["zipCode", "100011", MESSAGES.zipLength],
  ])("%s = %j gives %j", (field, value, message) => {
    expect(firstMessage({ ...good, [field]: value }, field)).toBe(message);
  });

  it("accepts both ends of the amount range and strips non-digits from the zip", () => {
    expect(quickStartSchema.parse({ ...good, amount: 100 }).amount).toBe(100);
    expect(quickStartSchema.parse({ ...good, amount: "5000" }).amount).toBe(5000);
    expect(quickStartSchema.parse({ ...good, zipCode: " 100-01 " }).zipCode).toBe("10001");
  });

  it("keeps the misspelt renewable-energy wire value", () => {
    expect(quickStartSchema.parse({ ...good, loanReason: "RENEWABLE_ENGERGY" }).loanReason).toBe("RENEWABLE_ENGERGY");
    expect(firstMessage({ ...good, loanReason: "RENEWABLE_ENERGY" }, "loanReason")).toBe(MESSAGES.loanReasonRequired);
  });

  it("accepts no amount outside the list and no missing zip", () => {
    expect(firstMessage({ ...good, amount: undefined }, "amount")).toBe(MESSAGES.loanAmountRequired);
    expect(firstMessage({ ...good, amount: "abc" }, "amount")).toBe(MESSAGES.loanAmountRequired);
    expect(firstMessage({ ...good, amount: 99 }, "amount")).toBe(MESSAGES.loanAmountRequired);
    expect(firstMessage({ ...good, zipCode: undefined }, "zipCode")).toBe(MESSAGES.zipRequired);
    expect(firstMessage({ ...good, zipCode: "abcde" }, "zipCode")).toBe(MESSAGES.zipRequired);
    expect(quickStartSchema.parse({ ...good, zipCode: 10001 }).zipCode).toBe("10001");
  });
});

describe("loan confirmation on /loanreason (docs/product/settled-readings.md#12-loanreason-returning-visitor)", () => {
  it("uses the quick start's amount and reason rules", () => {
    expect(loanConfirmSchema.parse({ amount: "1000", loanReason: "MEDICAL" })).toEqual({
      amount: 1000,
      loanReason: "MEDICAL",
    });
    const result = loanConfirmSchema.safeParse({ amount: "", loanReason: "" });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      MESSAGES.loanAmountRequired,
      MESSAGES.loanReasonRequired,
    ]);
  });
});
