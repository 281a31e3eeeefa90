import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.ts";
import { fieldErrors } from "../schemas/field-errors.testing.ts";
import { screenForm } from "./screen-form.testing.ts";

const legalNameSchema = (ctx: { amountShown?: boolean } = {}) => screenForm("lgname", ctx);
const emailFormSchema = screenForm("email");
const cellPhoneFormSchema = screenForm("cellphone");
const addressFormSchema = screenForm("address");

describe("legal name (docs/product/validation.md)", () => {
  const names = legalNameSchema();
  const withAmount = legalNameSchema({ amountShown: true });

  it("trims the names", () => {
    expect(names.parse({ firstName: " Ana ", lastName: " Lee" })).toEqual({ firstName: "Ana", lastName: "Lee" });
  });

  it.each([
    [{ firstName: "", lastName: "Lee" }, { firstName: [MESSAGES.firstNameRequired] }],
    [{ firstName: "   ", lastName: "Lee" }, { firstName: [MESSAGES.firstNameRequired] }],
    [{ lastName: "Lee" }, { firstName: [MESSAGES.firstNameRequired] }],
    [{ firstName: "Ana", lastName: null }, { lastName: [MESSAGES.lastNameRequired] }],
    [{ firstName: "A".repeat(51), lastName: "Lee" }, { firstName: [MESSAGES.nameTooLong] }],
    [{ firstName: "Ana", lastName: "L".repeat(51) }, { lastName: [MESSAGES.nameTooLong] }],
    [{ firstName: "A".repeat(50), lastName: "L" }, {}],
  ])("%j gives %j", (input, errors) => {
    expect(fieldErrors(names, input)).toEqual(errors);
  });

  it.each(["José", "Zoë", "Nguyễn", "Anne-Marie", "O'Brien", "O’Brien", "Mary Ann", "St. John", "Jr."])(
    "takes the name %j: letters with their accents, spaces, hyphens, apostrophes and periods",
    (name) => {
      expect(fieldErrors(names, { firstName: name, lastName: name })).toEqual({});
    },
  );

  it.each(["😀🚀", "Ana 😀", "R2-D2", "Ana_Lee", "<b>", "Ana@Lee", "Ana, Lee", "---", ". '"])(
    "refuses the name %j with the name message",
    (name) => {
      expect(fieldErrors(names, { firstName: name, lastName: "Lee" })).toEqual({
        firstName: [MESSAGES.nameCharacters],
      });
      expect(fieldErrors(names, { firstName: "Ana", lastName: name })).toEqual({ lastName: [MESSAGES.nameCharacters] });
    },
  );

  it("asks for the loan amount only when the select is shown", () => {
    expect(names.parse({ firstName: "Ana", lastName: "Lee", amount: "300" })).toEqual({
      firstName: "Ana",
      lastName: "Lee",
    });
    expect(withAmount.parse({ firstName: "Ana", lastName: "Lee", amount: "300" })).toEqual({
      firstName: "Ana",
      lastName: "Lee",
      amount: 300,
    });
    expect(fieldErrors(withAmount, { firstName: "Ana", lastName: "Lee" })).toEqual({
      amount: [MESSAGES.loanAmountRequired],
    });
    expect(fieldErrors(withAmount, { firstName: "Ana", lastName: "Lee", amount: "350" })).toEqual({
      amount: [MESSAGES.loanAmountRequired],
    });
  });
});

describe("e-mail (docs/product/validation.md)", () => {
  it.each([
    ["", { email: [MESSAGES.emailRequired] }],
    ["  ", { email: [MESSAGES.emailRequired] }],
    ["ana", { email: [MESSAGES.emailInvalid] }],
    ["ana@example", { email: [MESSAGES.emailInvalid] }],
    ["ana@example.c", { email: [MESSAGES.emailInvalid] }],
    ["ana lee@example.com", { email: [MESSAGES.emailInvalid] }],
    ["ana@@example.com", { email: [MESSAGES.emailInvalid] }],
    [`${"a".repeat(243)}@example.com`, { email: [MESSAGES.emailTooLong] }],
    [`${"a".repeat(242)}@example.com`, {}],
    ["ana@example.co", {}],
  ])("%j gives %j", (email, errors) => {
    expect(fieldErrors(emailFormSchema, { email })).toEqual(errors);
  });

  it("trims the address", () => {
    expect(emailFormSchema.parse({ email: " ana@example.com " })).toEqual({ email: "ana@example.com" });
  });
});

describe("cell phone (docs/product/validation.md)", () => {
  it.each([
    ["(212)-555-0123", "2125550123"],
    ["212-555-0123", "2125550123"],
    ["(212) 555 0123", "2125550123"],
    ["212_555_0123", "2125550123"],
    ["2125550123", "2125550123"],
  ])("parses %j to its ten digits", (phone, digits) => {
    expect(cellPhoneFormSchema.parse({ phone })).toEqual({ phone: digits });
  });

  it.each([
    ["", MESSAGES.phoneRequired],
    ["(___)-___-____", MESSAGES.phoneRequired],
    ["(012)-555-0123", MESSAGES.phoneInvalid],
    ["(112)-555-0123", MESSAGES.phoneInvalid],
    ["(212)-555-012", MESSAGES.phoneInvalid],
    ["(212)-555-01234", MESSAGES.phoneInvalid],
    ["(212)-555-O123", MESSAGES.phoneInvalid],
    ["+1 212 555 0123", MESSAGES.phoneInvalid],
  ])("%j gives %j", (phone, message) => {
    expect(fieldErrors(cellPhoneFormSchema, { phone })).toEqual({ phone: [message] });
  });
});

describe("address (docs/product/validation.md)", () => {
  const good = { streetAddress: " 12 Main St. ", zipCode: "10001", city: "New York", state: "NY" };

  it("accepts letters, digits, spaces and - / ' ( ) & . , #", () => {
    expect(addressFormSchema.parse(good)).toEqual({ ...good, streetAddress: "12 Main St." });
    const street = "1/2 O'Neil Rd (rear) & Co - Apt #4, Unit 5";
    expect(addressFormSchema.parse({ ...good, streetAddress: street }).streetAddress).toBe(street);
  });

  it.each([
    ["streetAddress", "", MESSAGES.streetRequired],
    ["streetAddress", "12 Main St!", MESSAGES.streetCharacters],
    ["streetAddress", "12 Main St; DROP", MESSAGES.streetCharacters],
    ["streetAddress", "12 Main <b>", MESSAGES.streetCharacters],
    ["streetAddress", "1".repeat(101), MESSAGES.streetTooLong],
    ["zipCode", "", MESSAGES.zipRequired],
    ["zipCode", "1000", MESSAGES.addressZipUnknown],
    ["zipCode", "100011", MESSAGES.addressZipUnknown],
    ["city", "", MESSAGES.addressZipUnknown],
    ["city", "C".repeat(51), MESSAGES.cityTooLong],
    ["state", "", MESSAGES.addressZipUnknown],
    ["state", "ZZ", MESSAGES.addressZipUnknown],
  ])("%s = %j gives %j", (field, value, message) => {
    expect(fieldErrors(addressFormSchema, { ...good, [field]: value })).toEqual({ [field]: [message] });
  });

  it("accepts a street of exactly 100 characters", () => {
    expect(fieldErrors(addressFormSchema, { ...good, streetAddress: "1".repeat(100) })).toEqual({});
  });
});
