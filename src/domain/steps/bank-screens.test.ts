import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.ts";
import { fieldErrors } from "../schemas/field-errors.testing.ts";
import { screenForm } from "./screen-form.testing.ts";

const routingFormSchema = screenForm("aba");
const bankAccountFormSchema = screenForm("bankaccount");
const bankDetailsFormSchema = screenForm("apply-bank");

describe("routing number and bank name (docs/product/validation.md)", () => {
  const good = { routingNumber: "021000021", bankName: "JPMorgan Chase" };

  it("accepts a real routing number", () => {
    expect(routingFormSchema.parse({ ...good, routingNumber: " 021000021 " })).toEqual(good);
  });

  it.each([
    ["routingNumber", "", MESSAGES.routingRequired],
    ["routingNumber", "02100002", MESSAGES.routingDigits],
    ["routingNumber", "0210000210", MESSAGES.routingDigits],
    ["routingNumber", "02100002a", MESSAGES.routingDigits],
    ["routingNumber", "021000022", MESSAGES.routingInvalid],
    ["routingNumber", "000000000", MESSAGES.routingInvalid],
    ["bankName", "", MESSAGES.bankNameRequired],
    ["bankName", "B".repeat(101), MESSAGES.textTooLong],
  ])("%s = %j gives %j", (field, value, message) => {
    expect(fieldErrors(routingFormSchema, { ...good, [field]: value })).toEqual({ [field]: [message] });
  });
});

describe("bank account number (docs/product/settled-readings.md#7-bank-account-number-length)", () => {
  it.each([
    ["1234", {}],
    ["1".repeat(24), {}],
    ["1234 5678", {}],
    ["", { bankAccount: [MESSAGES.bankAccountRequired] }],
    ["123", { bankAccount: [MESSAGES.bankAccountMin] }],
    ["1".repeat(25), { bankAccount: [MESSAGES.bankAccountMax] }],
    ["12-34", { bankAccount: [MESSAGES.bankAccountDigits] }],
    ["abc", { bankAccount: [MESSAGES.bankAccountDigits] }],
  ])("%j gives %j", (bankAccount, errors) => {
    expect(fieldErrors(bankAccountFormSchema, { bankAccount })).toEqual(errors);
  });

  it("drops the spaces typed between groups", () => {
    expect(bankAccountFormSchema.parse({ bankAccount: "1234 5678" })).toEqual({ bankAccount: "12345678" });
  });
});

describe("bank details on /apply/bank", () => {
  const good = {
    routingNumber: "021000021",
    bankName: "Chase",
    bankAccount: "000123456789",
    bankAccountType: "CHECKING",
  };

  it("takes all four fields at once", () => {
    expect(bankDetailsFormSchema.parse(good)).toEqual(good);
  });

  it("asks for the account type with its own message", () => {
    expect(fieldErrors(bankDetailsFormSchema, { ...good, bankAccountType: "" })).toEqual({
      bankAccountType: [MESSAGES.bankAccountTypeRequired],
    });
    expect(fieldErrors(bankDetailsFormSchema, { ...good, bankAccountType: "SAVINGS" })).toEqual({
      bankAccountType: [MESSAGES.bankAccountTypeRequired],
    });
    expect(fieldErrors(bankDetailsFormSchema, { ...good, bankAccountType: "SAVING" })).toEqual({});
  });
});
