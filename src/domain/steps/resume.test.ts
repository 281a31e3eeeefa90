import { describe, expect, it } from "vitest";
import { firstMissingStep, pathAfterPayDates, RESUME_FIELDS, resumePath } from "./resume.ts";
import { MAIN_STEP_ORDER, stepByPath } from "./step-table.ts";

const named = { firstName: "Ana", lastName: "Lee", amount: 500 };
const complete = {
  ...named,
  ...Object.fromEntries(
    RESUME_FIELDS.filter(([field]) => field !== "socialSecurityNumber").map(([field]) => [field, "x"]),
  ),
};
// The server answers a saved SSN masked; present is what counts.
const submitted = { ...complete, socialSecurityNumber: "***-**-6789" };

describe("resume logic (docs/product/behaviour.md)", () => {
  it("checks every field the spec maps to its step, each screen's fields in the main order, SSN last", () => {
    const pairs = RESUME_FIELDS.map(([field, slug]) => `${field}>${slug}`);
    expect(pairs.at(-1)).toBe("socialSecurityNumber>ssn");
    expect(pairs).not.toContain("firstName>lgname");
    expect(pairs).not.toContain("email>email");
    expect(pairs).toEqual(
      expect.arrayContaining([
        "phone>cellphone",
        "dob>dob",
        "zipCode>address",
        "streetAddress>address",
        "currentResidenceDuration>hometime",
        "residenceOwnership>ownhome",
        "incomeSource>incomesource",
        "currentCompanyDuration>emptime",
        "unsecuredDebtAmount>unsecureddebtamount",
        "incomePaymentFrequency>payfreequency",
        "monthlyIncome>grossincome",
        "incomeNextDate1>nextpaydate",
        "employerName>empinfor",
        "employerPhone>workphone",
        "getDirectDeposit>deposit",
        "routingNumber>aba",
        "bankAccountType>banktype",
        "currentBankDuration>banktime",
        "bankAccount>bankaccount",
        "licenseID>driverid",
        "ownCar>owncar",
        "creditScoreRating>creditscore",
      ]),
    );
    const positions = RESUME_FIELDS.map(([, slug]) => MAIN_STEP_ORDER.indexOf(slug));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p >= positions[i - 1]!))).toBe(true);
  });

  it("goes to the first unfinished step before next pay date", () => {
    expect(resumePath(named)).toBe("/cellphone");
    expect(resumePath({ ...complete, phone: null })).toBe("/cellphone");
    expect(resumePath({ ...complete, dob: "" })).toBe("/dob");
    expect(resumePath({ ...complete, dob: "   " })).toBe("/dob");
    expect(resumePath({ ...complete, zipCode: null })).toBe("/address");
    expect(resumePath({ ...complete, streetAddress: undefined })).toBe("/address");
    expect(resumePath({ ...complete, monthlyIncome: null })).toBe("/grossincome");
    expect(resumePath({ ...complete, monthlyIncome: null, dob: null })).toBe("/dob");
  });

  it("asks the legal name screen first while the name or the amount is missing (an e-mail link's fresh lead)", () => {
    expect(resumePath({})).toBe("/lgname");
    expect(resumePath({ email: "a@example.com", loanReason: "MEDICAL" })).toBe("/lgname");
    expect(resumePath({ ...complete, lastName: " " })).toBe("/lgname");
    expect(resumePath({ ...complete, amount: null })).toBe("/lgname");
    expect(resumePath({ ...complete, firstName: undefined, phone: null })).toBe("/lgname");
  });

  it("goes to /loanreason from next pay date on, or when nothing is missing", () => {
    expect(resumePath({ ...complete, incomeNextDate1: null })).toBe("/loanreason");
    expect(resumePath({ ...complete, employerName: null })).toBe("/loanreason");
    expect(resumePath({ ...complete, creditScoreRating: null })).toBe("/loanreason");
    expect(resumePath(complete)).toBe("/loanreason");
    expect(stepByPath("/loanreason")).toBeDefined();
  });

  it("counts 0 and false as answers, null and blank text as missing", () => {
    expect(firstMissingStep({ ...submitted, monthlyIncome: 0, ownCar: false })).toBeUndefined();
  });

  it("reports the first missing step in the spec's order", () => {
    expect(firstMissingStep({ ...complete, ownCar: null, licenseID: null })).toBe("driverid");
    expect(firstMissingStep(complete)).toBe("ssn");
    expect(firstMissingStep(submitted)).toBeUndefined();
  });

  it("after refreshing pay dates, continues at the first later step still missing, else /requestcash", () => {
    expect(pathAfterPayDates({ ...submitted, employerPhone: null })).toBe("/workphone");
    expect(pathAfterPayDates({ ...submitted, employerPhone: null, creditScoreRating: null })).toBe("/workphone");
    expect(pathAfterPayDates({ ...submitted, creditScoreRating: null })).toBe("/creditscore");
    expect(pathAfterPayDates({ ...submitted, incomeNextDate1: null })).toBe("/requestcash");
    expect(pathAfterPayDates({ ...submitted, phone: null })).toBe("/requestcash");
    expect(pathAfterPayDates(submitted)).toBe("/requestcash");
  });

  it("sends a visitor who never gave the SSN to /ssn before /requestcash", () => {
    expect(pathAfterPayDates(complete)).toBe("/ssn");
    expect(pathAfterPayDates({ ...complete, ownCar: null })).toBe("/owncar");
  });
});
