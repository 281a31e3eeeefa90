import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.ts";
import { fieldErrors } from "../schemas/field-errors.testing.ts";
import { screenForm } from "./screen-form.testing.ts";

const licenseFormSchema = screenForm("driverid");
const ssnFormSchema = screenForm("ssn");

describe("driver's licence (docs/product/settled-readings.md#6-drivers-license-length)", () => {
  const good = { licenseID: "D1234567", issuingState: "NY" };

  it.each([
    ["D1", {}],
    ["D".repeat(25), {}],
    ["AB-12 34", {}],
    ["", { licenseID: [MESSAGES.licenseRequired] }],
    ["D", { licenseID: [MESSAGES.licenseMin] }],
    [" D ", { licenseID: [MESSAGES.licenseMin] }],
    ["D".repeat(26), { licenseID: [MESSAGES.licenseMax] }],
    ["D12/34", { licenseID: [MESSAGES.licenseCharacters] }],
  ])("%j gives %j", (licenseID, errors) => {
    expect(fieldErrors(licenseFormSchema, { ...good, licenseID })).toEqual(errors);
  });

  it.each([
    ["", MESSAGES.issuingStateRequired],
    ["DC", MESSAGES.issuingStateRequired],
    ["New York", MESSAGES.issuingStateRequired],
  ])("issuing state %j gives %j", (issuingState, message) => {
    expect(fieldErrors(licenseFormSchema, { ...good, issuingState })).toEqual({ issuingState: [message] });
  });

  it("trims the number", () => {
    expect(licenseFormSchema.parse({ ...good, licenseID: " D1234567 " })).toEqual(good);
  });
});

describe("social security number (docs/product/validation.md)", () => {
  it.each([
    ["123-45-6789", "123456789"],
    ["123456789", "123456789"],
    ["123 45 6789", "123456789"],
  ])("parses %j to %j", (socialSecurityNumber, digits) => {
    expect(ssnFormSchema.parse({ socialSecurityNumber })).toEqual({ socialSecurityNumber: digits });
  });

  it.each([
    ["", MESSAGES.ssnRequired],
    ["___-__-____", MESSAGES.ssnRequired],
    ["123-45-678", MESSAGES.ssnFormat],
    ["123-45-67890", MESSAGES.ssnFormat],
    ["12a-45-6789", MESSAGES.ssnFormat],
    ["000-45-6789", MESSAGES.ssnFormat],
    ["666-45-6789", MESSAGES.ssnFormat],
    ["912-45-6789", MESSAGES.ssnFormat],
    ["123-00-6789", MESSAGES.ssnFormat],
    ["123-45-0000", MESSAGES.ssnFormat],
  ])("%j gives %j", (socialSecurityNumber, message) => {
    expect(fieldErrors(ssnFormSchema, { socialSecurityNumber })).toEqual({ socialSecurityNumber: [message] });
  });
});
