import { describe, expect, it } from "vitest";
import { BANK_ACCOUNT_TYPE_OPTIONS } from "../options.ts";
import { CHECKING_CONFIRMATION } from "./bank-type-confirmation.ts";
import { STEPS } from "./step-table.ts";

describe("the bank account type pop-up (docs/product/screens-and-routes.md#step-screens)", () => {
  it("is asked by every screen that asks the account type, and by no other", () => {
    const asking = STEPS.filter((s) => s.fields.includes("bankAccountType")).map((s) => s.slug);
    const confirming = STEPS.filter((s) => s.confirmChoice).map((s) => s.slug);
    expect(asking).toEqual(["banktype", "apply-bank"]);
    expect(confirming).toEqual(asking);
  });

  it("asks about Saving and offers Checking, both answers of the account type", () => {
    const values = BANK_ACCOUNT_TYPE_OPTIONS.map((o) => o.value as string);
    expect(values).toContain(CHECKING_CONFIRMATION.value);
    expect(values).toContain(CHECKING_CONFIRMATION.suggested);
    expect(CHECKING_CONFIRMATION).toMatchObject({ value: "SAVING", suggested: "CHECKING" });
    expect(CHECKING_CONFIRMATION.question).toBe("Did you mean 'Checking' as Bank account type?");
  });
});
