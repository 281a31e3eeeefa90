import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.ts";
import { workPhoneConflict, type KnownPhones } from "../schemas/work-phone.ts";
import { fieldErrors } from "../schemas/field-errors.testing.ts";
import { screenForm } from "./screen-form.testing.ts";

const employerFormSchema = screenForm("empinfor");
const nextPayDateFormSchema = (today: Date) => screenForm("nextpaydate", { today });
const workPhoneFormSchema = (knownPhones: KnownPhones) => screenForm("workphone", { knownPhones });

const today = new Date("2026-11-23T00:00:00Z"); // a Monday

describe("next pay date (docs/product/validation.md, docs/product/settled-readings.md#5-next-pay-date-window)", () => {
  const schema = nextPayDateFormSchema(today);

  it.each([
    ["2026-11-23", {}],
    ["2026-12-23", {}],
    ["", { incomeNextDate1: [MESSAGES.chooseAnswer] }],
    [undefined, { incomeNextDate1: [MESSAGES.chooseAnswer] }],
    ["2026-11-22", { incomeNextDate1: [MESSAGES.payDateWindow] }],
    ["2026-11-28", { incomeNextDate1: [MESSAGES.payDateWindow] }],
    ["2026-12-24", { incomeNextDate1: [MESSAGES.payDateWindow] }],
    ["next friday", { incomeNextDate1: [MESSAGES.payDateWindow] }],
  ])("%j gives %j", (incomeNextDate1, errors) => {
    expect(fieldErrors(schema, { incomeNextDate1 })).toEqual(errors);
  });
});

describe("employer (docs/product/validation.md, docs/product/settled-readings.md#8-employer-name-message)", () => {
  it.each([
    [{ employerName: " Acme ", jobTitle: " Clerk " }, {}],
    [{ employerName: "", jobTitle: "Clerk" }, { employerName: [MESSAGES.employerRequired] }],
    [{ employerName: "Acme", jobTitle: "  " }, { jobTitle: [MESSAGES.jobTitleRequired] }],
    [{ employerName: "A".repeat(101), jobTitle: "Clerk" }, { employerName: [MESSAGES.textTooLong] }],
    [{ employerName: "Acme", jobTitle: "C".repeat(101) }, { jobTitle: [MESSAGES.textTooLong] }],
    [{ employerName: "A".repeat(100), jobTitle: "C".repeat(100) }, {}],
  ])("%j gives %j", (input, errors) => {
    expect(fieldErrors(employerFormSchema, input)).toEqual(errors);
  });

  it("trims both", () => {
    expect(employerFormSchema.parse({ employerName: " Acme ", jobTitle: " Clerk " })).toEqual({
      employerName: "Acme",
      jobTitle: "Clerk",
    });
  });
});

describe("work phone (docs/product/validation.md)", () => {
  const known = { cellPhone: "(212)-555-1234", phone: "2125559999" };
  const schema = workPhoneFormSchema(known);

  it("parses to ten digits", () => {
    expect(schema.parse({ employerPhone: "(646)-555-9876" })).toEqual({ employerPhone: "6465559876" });
  });

  it.each([
    ["", MESSAGES.phoneRequired],
    ["(646)-555-987", MESSAGES.workPhoneDigits],
    ["(646)-555-98765", MESSAGES.workPhoneDigits],
    ["(646)-555-98x6", MESSAGES.workPhoneDigits],
    ["(046)-555-9876", MESSAGES.phoneInvalid],
    ["(146)-555-9876", MESSAGES.phoneInvalid],
    ["(212)-555-1234", MESSAGES.workPhoneSameAsCell],
    ["212 555 9999", MESSAGES.workPhoneSameAsHome],
  ])("%j gives %j", (employerPhone, message) => {
    expect(fieldErrors(schema, { employerPhone })).toEqual({ employerPhone: [message] });
  });

  it("names the cell phone first when cell and home are the same number", () => {
    expect(workPhoneConflict("2125551234", { cellPhone: "2125551234", phone: "2125551234" })).toBe(
      MESSAGES.workPhoneSameAsCell,
    );
    expect(workPhoneConflict("2125551235", { cellPhone: "2125551234", phone: "2125551234" })).toBeUndefined();
  });

  it("has nothing to compare with when the visitor's numbers are unknown", () => {
    expect(workPhoneConflict("2125551234", {})).toBeUndefined();
    expect(workPhoneConflict("2125551234", { cellPhone: null, phone: "" })).toBeUndefined();
    expect(fieldErrors(workPhoneFormSchema({}), { employerPhone: "2125551234" })).toEqual({});
  });
});
