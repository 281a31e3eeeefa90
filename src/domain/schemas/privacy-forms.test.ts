import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.ts";
import { doNotSellSchema, unsubscribeSchema } from "./privacy-forms.ts";
import { GOOD_DO_NOT_SELL } from "../../../tests/fixtures/privacy-requests.ts";

const messageFor = (schema: typeof unsubscribeSchema | typeof doNotSellSchema, input: unknown, field: string) => {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
};

describe("unsubscribe form (docs/product/validation.md)", () => {
  const good = { email: " jo@example.com ", phone: "(212)-555-0123", unsubscribe: "TOO_MANY_MESSAGES" };

  it("trims text and sends the phone as ten digits", () => {
    expect(unsubscribeSchema.parse(good)).toEqual({
      email: "jo@example.com",
      phone: "2125550123",
      unsubscribe: "TOO_MANY_MESSAGES",
    });
  });

  it.each([
    ["email", "", MESSAGES.emailRequired],
    ["email", "jo@", "invalid email address"],
    ["phone", "", MESSAGES.phoneRequired],
    ["phone", "(212)-555-012", "Phone number must be 10 characters long"],
    ["phone", "212555012345", "Phone number must be 10 characters long"],
    ["unsubscribe", "", "Unsubscribe is required!"],
    ["unsubscribe", "BORED", "Unsubscribe is required!"],
  ])("%s = %j gives %j", (field, value, message) => {
    expect(messageFor(unsubscribeSchema, { ...good, [field]: value }, field)).toBe(message);
  });
});

describe("do-not-sell form (docs/product/validation.md)", () => {
  const good = { ...GOOD_DO_NOT_SELL, stateResidencyPrompt: "DELETE" };

  it("accepts a complete request", () => {
    expect(doNotSellSchema.parse(good)).toEqual(good);
  });

  it.each([
    ["stateResidencyPrompt", "", "Please select an answer!"],
    ["firstName", "  ", "First Name is required!"],
    ["lastName", "", "Last Name is required!"],
    ["email", "", "Email is required!"],
    ["email", "x@y", "invalid email address"],
    ["phone", "", "Phone number is required!"],
    ["phone", "212555", "Phone number must be 10 characters long"],
    ["country", "", "Country is required!"],
    ["zipCode", "", "Zip code is required!"],
    ["zipCode", "9410", "Zip code must be 5 characters long"],
    ["state", "", "State Type is required!"],
    ["address", "", "Address is required!"],
    ["address", "1 Ma", "Address must be 5 characters long."],
    ["city", "", "City is required!"],
  ])("%s = %j gives %j", (field, value, message) => {
    expect(messageFor(doNotSellSchema, { ...good, [field]: value }, field)).toBe(message);
  });

  it("accepts an address of exactly 5 characters and refuses oversized names", () => {
    expect(doNotSellSchema.safeParse({ ...good, address: "1 Elm" }).success).toBe(true);
    expect(messageFor(doNotSellSchema, { ...good, firstName: "x".repeat(51) }, "firstName")).toBe(MESSAGES.nameTooLong);
  });

  it("refuses oversized text with a message", () => {
    expect(messageFor(doNotSellSchema, { ...good, middleName: "x".repeat(51) }, "middleName")).toBe(
      MESSAGES.nameTooLong,
    );
    expect(messageFor(doNotSellSchema, { ...good, city: "x".repeat(51) }, "city")).toBe(MESSAGES.cityTooLong);
    expect(messageFor(doNotSellSchema, { ...good, address: "x".repeat(101) }, "address")).toBe(MESSAGES.textTooLong);
    expect(doNotSellSchema.safeParse({ ...good, city: "x".repeat(50), address: "x".repeat(100) }).success).toBe(true);
  });

  it("takes the middle name as optional: empty or left out", () => {
    expect(doNotSellSchema.parse({ ...good, middleName: "  " }).middleName).toBe("");
    const { middleName: _left, ...without } = good;
    expect(doNotSellSchema.safeParse(without).success).toBe(true);
  });

  it("takes a resident of any state, and the United States only", () => {
    expect(doNotSellSchema.safeParse({ ...good, state: "NY" }).success).toBe(true);
    expect(messageFor(doNotSellSchema, { ...good, country: "CA" }, "country")).toBe(MESSAGES.countryRequired);
    expect(messageFor(doNotSellSchema, { ...good, state: "California" }, "state")).toBe(MESSAGES.stateTypeRequired);
  });

  it("drops the country code +1 of a phone written with it", () => {
    for (const phone of ["+1 (212) 555-0123", "1-212-555-0123", "12125550123"]) {
      expect(doNotSellSchema.parse({ ...good, phone }).phone, phone).toBe("2125550123");
    }
  });

  it("takes the formatted phone as its ten digits", () => {
    expect(doNotSellSchema.parse({ ...good, phone: "(212)-555-0123" }).phone).toBe("2125550123");
  });
});
