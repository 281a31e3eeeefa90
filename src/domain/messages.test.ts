import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages.ts";

describe("messages", () => {
  it("holds each text once, so one edit changes it everywhere", () => {
    const texts = Object.values(MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("keeps docs/product/validation.md's wording, casing and punctuation exactly", () => {
    expect(MESSAGES).toMatchObject({
      loanAmountRequired: "Loan amount is required!",
      loanReasonRequired: "Loan reason is required!",
      zipRequired: "Zip code is required!",
      zipLength: "Zip code must be 5 characters long!",
      zipUnknown: "Invalid",
      firstNameRequired: "FirstName is required!",
      lastNameRequired: "lastName is required!",
      emailRequired: "Email is required!",
      emailInvalid: "Invalid email address",
      phoneRequired: "Phone number is required!",
      phoneInvalid: "The phone number is not correct!",
      phoneRefused: "Phone number is invalid!",
      monthRequired: "Month is required!",
      dayRequired: "Day is required!",
      yearRequired: "Year is required!",
      underage: "You are not yet 18 years old",
      streetRequired: "Street Address is required!",
      streetCharacters: "The address can not contain special characters!",
      addressZipUnknown: "Invalid zip code!",
      selectOne: "Please select one option.",
      chooseAnswer: "Please choose an answer",
      chooseAnswerBang: "Please choose an answer!",
      jobTitleRequired: "Job title is required!",
      workPhoneDigits: "Phone number must be exactly 10 digits",
      workPhoneSameAsCell: "Company phone number must not be the same as personal phone number!",
      workPhoneSameAsHome: "Company phone number must not be the same as home phone number!",
      updateFailed: "Failed to update contact. Please try again.",
      unexpectedError: "An error occurred. Please try again.",
      routingRequired: "Routing Number is required!",
      routingDigits: "Routing Number must be a 9-digit number.",
      routingInvalid: "Invalid Routing Number!",
      bankNameRequired: "Bank Name is required!",
      bankAccountRequired: "Bank Account is required!",
      bankAccountMin: "Please enter at least 4 digits",
      bankAccountTypeRequired: "Bank Account Type is required!",
      licenseRequired: "LicenseID is required!",
      ssnRequired: "Social Security Number is required!",
      ssnFormat: "Invalid social security number format xxx-xx-xxxx",
      formEmailInvalid: "invalid email address",
      formPhoneLength: "Phone number must be 10 characters long",
      unsubscribeReasonRequired: "Unsubscribe is required!",
      requestTypeRequired: "Please select an answer!",
      formFirstNameRequired: "First Name is required!",
      formLastNameRequired: "Last Name is required!",
      countryRequired: "Country is required!",
      formZipLength: "Zip code must be 5 characters long",
      stateTypeRequired: "State Type is required!",
      addressRequired: "Address is required!",
      addressMin: "Address must be 5 characters long.",
      cityRequired: "City is required!",
      zipNotInState: "This zip code is not in the state you chose.",
    });
  });

  it("applies docs/product/settled-readings.md readings 5, 6 and 8 over the spec", () => {
    expect(MESSAGES.payDateWindow).toBe("Please select a weekday within the next 30 days!");
    expect(MESSAGES.licenseMin).toBe("Please enter at least 2 characters");
    expect(MESSAGES.licenseMax).toBe("LicenseID must be at most 25 characters long");
    expect(MESSAGES.employerRequired).toBe("Employer name is required!");
    expect(Object.values(MESSAGES)).not.toContain("Please select a date after 30 days from now!");
    expect(Object.values(MESSAGES)).not.toContain("LicenseID must be 10 characters long");
  });
});
