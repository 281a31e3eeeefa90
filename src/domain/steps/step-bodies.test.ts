import { describe, expect, it } from "vitest";
import { GOOD_STEP_BODIES } from "../../../tests/fixtures/step-bodies.ts";
import { MESSAGES } from "../messages.ts";
import type { z } from "zod";
import { stepUpdateRequest } from "../contracts/lead.ts";
import { STEPS } from "./step-table.ts";
import { isStepNumber, slugOfStepNumber, STEP_NUMBERS, stepBodySchemas } from "./step-bodies.ts";

const today = new Date("2026-11-23T00:00:00Z"); // a Monday
const schemas = stepBodySchemas({ today }) as Record<number, z.ZodObject>;
const GOOD = GOOD_STEP_BODIES;

type Issues = { path: PropertyKey[]; message: string }[];
const issuesOf = (step: number, body: unknown): Issues | undefined =>
  (schemas as unknown as Record<number, { safeParse(b: unknown): { error?: { issues: Issues } } }>)[step]!.safeParse(
    body,
  ).error?.issues;
const messageOf = (step: number, body: unknown, field: string) =>
  issuesOf(step, body)?.find((i) => i.path[0] === field)?.message;

describe("step-update bodies (docs/product/server-calls.md)", () => {
  it("has a schema for every numbered step, and accepts a good body for each", () => {
    expect(STEP_NUMBERS).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(STEP_NUMBERS).toEqual(Object.keys(GOOD).map(Number));
    for (const step of STEP_NUMBERS) expect(schemas[step]!.safeParse(GOOD[step]).success, `step ${step}`).toBe(true);
  });

  it("strips masks, trims, and turns durations and income into numbers", () => {
    expect(schemas[2]!.parse(GOOD[2])).toEqual({
      cellPhone: "2125551234",
      homePhone: "2125551234",
      contactTime: "ANYTIME",
    });
    expect(schemas[25]!.parse(GOOD[25])).toEqual({ ssn: "123456789" });
    expect(schemas[15]!.parse(GOOD[15])).toEqual({ workCompanyName: "Acme", jobTitle: "Clerk" });
    expect(schemas[13]!.parse(GOOD[13])).toEqual({ incomeNetMonthly: 2500 });
    expect(schemas[10]!.parse({ workTimeAtEmployer: "48" })).toEqual({ workTimeAtEmployer: 48 });
    expect(schemas[20]!.parse({ bankAccountLengthMonths: "30" })).toEqual({ bankAccountLengthMonths: 30 });
    expect(schemas[16]!.parse({ workPhone: "(646) 555-9876" })).toEqual({ workPhone: "6465559876" });
  });

  it("accepts either residence list on step 7, with both names agreeing", () => {
    expect(schemas[7]!.parse({ time_at_residence: "102", addressLengthMonths: 102 })).toEqual({
      time_at_residence: 102,
      addressLengthMonths: 102,
    });
    expect(schemas[7]!.parse({ time_at_residence: 36 })).toEqual({ time_at_residence: 36 });
    expect(messageOf(7, { time_at_residence: 24, addressLengthMonths: 36 }, "addressLengthMonths")).toBe(
      MESSAGES.residenceMonthsDisagree,
    );
  });

  it("carries MILITARY as SELF_EMPLOYMENT with activeMilitary YES (docs/product/behaviour.md)", () => {
    expect(schemas[9]!.safeParse({ incomeType: "SELF_EMPLOYMENT", activeMilitary: "YES" }).success).toBe(true);
    expect(schemas[9]!.safeParse({ incomeType: "BENEFITS", activeMilitary: "NO" }).success).toBe(true);
  });

  it.each([
    [2, "cellPhone", "", MESSAGES.phoneRequired],
    [2, "cellPhone", "(112)-555-0123", MESSAGES.phoneInvalid],
    [2, "cellPhone", "(012)-555-0123", MESSAGES.phoneInvalid],
    [2, "cellPhone", "212555012", MESSAGES.phoneInvalid],
    [2, "cellPhone", "21255501234", MESSAGES.phoneInvalid],
    [2, "cellPhone", "21a5550123", MESSAGES.phoneInvalid],
    [2, "contactTime", "NIGHT", MESSAGES.selectOne],
    [4, "contactTime", undefined, MESSAGES.selectOne],
    [5, "dob", "2008-11-24", MESSAGES.underage],
    [5, "dob", "1990-02-30", MESSAGES.dateInvalid],
    // The year select lists the last 100 years.
    [5, "dob", "1926-12-31", MESSAGES.dateInvalid],
    [5, "dob", "1900-01-01", MESSAGES.dateInvalid],
    [5, "dob", undefined, MESSAGES.dateInvalid],
    [6, "address", "", MESSAGES.streetRequired],
    [6, "address", "12 Main St; drop", MESSAGES.streetCharacters],
    [6, "address", "x".repeat(101), MESSAGES.streetTooLong],
    [6, "city", "", MESSAGES.addressZipUnknown],
    [6, "city", "x".repeat(51), MESSAGES.cityTooLong],
    [6, "state", "XX", MESSAGES.addressZipUnknown],
    [6, "zip", "", MESSAGES.zipRequired],
    [6, "zip", "1234", MESSAGES.addressZipUnknown],
    [7, "time_at_residence", 13, MESSAGES.selectOne],
    [8, "ownHome", "", MESSAGES.chooseAnswer],
    [9, "incomeType", "MILITARY", MESSAGES.chooseAnswer],
    [9, "activeMilitary", "YES", MESSAGES.chooseAnswer],
    [10, "workTimeAtEmployer", 5, MESSAGES.chooseAnswer],
    [11, "debt_amount", undefined, MESSAGES.selectOne],
    [12, "incomePaymentFrequency", "DAILY", MESSAGES.chooseAnswer],
    [13, "incomeNetMonthly", "2000", MESSAGES.chooseAnswer],
    [14, "incomeNextDate1", "", MESSAGES.chooseAnswer],
    [14, "incomeNextDate1", "2026-11-28", MESSAGES.payDateWindow],
    [14, "incomeNextDate1", "2026-11-20", MESSAGES.payDateWindow],
    [14, "incomeNextDate1", "2026-12-24", MESSAGES.payDateWindow],
    [14, "incomeNextDate2", "2026-11-27", MESSAGES.payDateSecond],
    // 15 days after a Friday: no pay frequency gives it (7, 14 days or a month, weekends moved to Monday).
    [14, "incomeNextDate2", "2026-12-12", MESSAGES.payDateSecond],
    [14, "incomeNextDate2", "2027-06-05", MESSAGES.payDateSecond],
    [14, "incomeNextDate2", "soon", MESSAGES.dateInvalid],
    [15, "workCompanyName", " ", MESSAGES.employerRequired],
    [15, "workCompanyName", "A".repeat(101), MESSAGES.textTooLong],
    [15, "jobTitle", "", MESSAGES.jobTitleRequired],
    [16, "workPhone", "", MESSAGES.phoneRequired],
    [16, "workPhone", "646555987", MESSAGES.workPhoneDigits],
    [16, "workPhone", "64655598765", MESSAGES.workPhoneDigits],
    [16, "workPhone", "(146)-555-9876", MESSAGES.phoneInvalid],
    [17, "bankDirectDeposit", "", MESSAGES.chooseAnswerBang],
    [18, "bankAba", "", MESSAGES.routingRequired],
    [18, "bankAba", "02100002", MESSAGES.routingDigits],
    [18, "bankAba", "021000022", MESSAGES.routingInvalid],
    [18, "bankName", "", MESSAGES.bankNameRequired],
    [18, "bankAccountType", "SAVINGS", MESSAGES.bankAccountTypeRequired],
    [19, "bankAccountType", "", MESSAGES.selectOne],
    [20, "bankAccountLengthMonths", 7, MESSAGES.selectOne],
    [21, "bankAccountNumber", "", MESSAGES.bankAccountRequired],
    [21, "bankAccountNumber", "123", MESSAGES.bankAccountMin],
    [21, "bankAccountNumber", "1".repeat(25), MESSAGES.bankAccountMax],
    [21, "bankAccountNumber", "12a45", MESSAGES.bankAccountDigits],
    [22, "driversLicenseNumber", "", MESSAGES.licenseRequired],
    [22, "driversLicenseNumber", "D", MESSAGES.licenseMin],
    [22, "driversLicenseNumber", "D".repeat(26), MESSAGES.licenseMax],
    [22, "driversLicenseNumber", "D123*", MESSAGES.licenseCharacters],
    [22, "driversLicenseState", "DC", MESSAGES.issuingStateRequired],
    [22, "driversLicenseState", "", MESSAGES.issuingStateRequired],
    [23, "own_car", "", MESSAGES.selectOne],
    [24, "creditScore", "", MESSAGES.selectOne],
    [25, "ssn", "", MESSAGES.ssnRequired],
    [25, "ssn", "123-45-678", MESSAGES.ssnFormat],
    [25, "ssn", "666-45-6789", MESSAGES.ssnFormat],
  ])("step %i: %s = %j gives %j, and only that", (step, field, value, message) => {
    const issues = issuesOf(step, { ...GOOD[step], [field]: value });
    expect(issues?.map((i) => [i.path[0], i.message])).toEqual([[field, message]]);
  });

  it("accepts the boundaries: 4 and 24 account digits, 2 and 25 licence characters, 18th birthday today", () => {
    expect(schemas[21]!.safeParse({ bankAccountNumber: "1234" }).success).toBe(true);
    expect(schemas[21]!.safeParse({ bankAccountNumber: "1".repeat(24) }).success).toBe(true);
    expect(schemas[22]!.safeParse({ ...GOOD[22], driversLicenseNumber: "D1" }).success).toBe(true);
    expect(schemas[22]!.safeParse({ ...GOOD[22], driversLicenseNumber: "D".repeat(25) }).success).toBe(true);
    expect(schemas[5]!.safeParse({ dob: "2008-11-23" }).success).toBe(true);
    expect(schemas[6]!.safeParse({ ...GOOD[6], address: "x".repeat(100), city: "x".repeat(50) }).success).toBe(true);
    expect(schemas[14]!.safeParse({ incomeNextDate1: "2026-11-23", incomeNextDate2: "2026-12-07" }).success).toBe(true);
    expect(schemas[14]!.safeParse({ incomeNextDate1: "2026-12-23", incomeNextDate2: "2027-01-06" }).success).toBe(true);
    // Weekly and monthly pay give the other second dates; the oldest year of the select is allowed.
    expect(schemas[14]!.safeParse({ incomeNextDate1: "2026-11-27", incomeNextDate2: "2026-12-04" }).success).toBe(true);
    expect(schemas[14]!.safeParse({ incomeNextDate1: "2026-11-27", incomeNextDate2: "2026-12-28" }).success).toBe(true);
    expect(schemas[5]!.safeParse({ dob: "1927-01-01" }).success).toBe(true);
  });

  it("lets a server allow a day of grace on the pay-date window", () => {
    const tuesday = new Date("2026-11-24T00:00:00Z");
    const body = { incomeNextDate1: "2026-11-23", incomeNextDate2: "2026-12-07" };
    expect(stepBodySchemas({ today: tuesday })[14]!.safeParse(body).success).toBe(false);
    expect(stepBodySchemas({ today: tuesday, payDateGraceDays: 1 })[14]!.safeParse(body).success).toBe(true);
  });

  it("agrees with the step table: every screen's body fields are its step's schema fields", () => {
    for (const step of STEPS.filter((s) => s.stepNumber !== null)) {
      expect(isStepNumber(step.stepNumber), step.slug).toBe(true);
      const fields = Object.keys(schemas[step.stepNumber!]!.shape);
      expect(fields, step.slug).toEqual(expect.arrayContaining(Object.keys(step.body ?? {})));
    }
    for (const n of STEP_NUMBERS)
      expect(
        STEPS.some((s) => s.stepNumber === n),
        `step ${n}`,
      ).toBe(true);
  });

  it("names the main screen of each step number", () => {
    expect(slugOfStepNumber(2)).toBe("cellphone");
    expect(slugOfStepNumber(18)).toBe("aba");
    expect(slugOfStepNumber(25)).toBe("ssn");
    expect(isStepNumber(3)).toBe(false);
    expect(isStepNumber("8")).toBe(false);
  });
});

describe("step-update request { step, lead_id, ...fields } (docs/product/server-calls.md#server-contract)", () => {
  const request = stepUpdateRequest({ today });

  it("picks the body schema by step", () => {
    expect(request.parse({ step: 8, lead_id: "ld_1", ownHome: "NO" })).toEqual({
      step: 8,
      lead_id: "ld_1",
      ownHome: "NO",
    });
    expect(request.parse({ step: 25, lead_id: "ld_1", ssn: "123-45-6789" })).toEqual({
      step: 25,
      lead_id: "ld_1",
      ssn: "123456789",
    });
  });

  it("refuses an unknown step, a text step, a missing lead_id, and a body of another step", () => {
    const first = (body: unknown) => request.safeParse(body).error?.issues[0];
    expect(first({ step: 3, lead_id: "ld_1" })).toMatchObject({ path: ["step"], message: MESSAGES.stepUnknown });
    expect(first({ step: "8", lead_id: "ld_1", ownHome: "NO" })).toMatchObject({
      path: ["step"],
      message: MESSAGES.stepUnknown,
    });
    expect(first({ step: 8, ownHome: "NO" })).toMatchObject({ path: ["lead_id"], message: MESSAGES.leadIdRequired });
    expect(first({ step: 8, lead_id: "", ownHome: "NO" })).toMatchObject({
      path: ["lead_id"],
      message: MESSAGES.leadIdRequired,
    });
    expect(first({ step: 8, lead_id: "ld_1", own_car: "NO" })).toMatchObject({
      path: ["ownHome"],
      message: MESSAGES.chooseAnswer,
    });
  });

  it("drops fields that belong to no part of the body", () => {
    expect(request.parse({ step: 23, lead_id: "ld_1", own_car: "YES", ssn: "123456789" })).toEqual({
      step: 23,
      lead_id: "ld_1",
      own_car: "YES",
    });
  });
});
