import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "#domain/contracts/buyer-payments.ts";
import { dollarsFromText, paymentFormSchema } from "./money-forms.ts";

describe("an amount typed in dollars", () => {
  it.each([
    ["1500", 1500],
    [" 1500.50 ", 1500.5],
    ["$1,500.50", 1500.5],
    ["$ 12", 12],
    [".5", 0.5],
    ["-5", -5],
    ["10.005", 10.005],
  ])("reads %j as %d", (text, dollars) => {
    expect(dollarsFromText(text)).toBe(dollars);
  });

  it.each(["", "  ", "ten", "1,50", "12,3456", "1.2.3", "1e3", "$"])("reads %j as nothing", (text) => {
    expect(dollarsFromText(text)).toBeUndefined();
  });

  it("leaves the contract's checks to the contract: its messages on the form's fields", () => {
    const result = paymentFormSchema.safeParse({ amount: "1,50", reference: "r", paid_on: "2026-01-01" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["amount", PAYMENT_MESSAGES.amount],
    ]);
    expect(paymentFormSchema.parse({ amount: "$1,500.50", reference: " r ", paid_on: "2026-01-01" })).toEqual({
      amount: 1500.5,
      reference: "r",
      paid_on: "2026-01-01",
    });
  });
});
