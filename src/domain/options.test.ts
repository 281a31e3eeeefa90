import { describe, expect, it } from "vitest";
import * as options from "./options.ts";
import {
  BANK_ACCOUNT_TYPE_OPTIONS,
  BANK_TIME_OPTIONS,
  birthYears,
  CONTACT_TIME_OPTIONS,
  COUNTRY_OPTIONS,
  CREDIT_SCORE_OPTIONS,
  dayOptions,
  DEFAULT_BANK_ACCOUNT_TYPE,
  DEFAULT_BANK_TIME,
  DEFAULT_CONTACT_TIME,
  DEFAULT_COUNTRY,
  DEFAULT_LOAN_AMOUNT,
  DEFAULT_LOAN_REASON,
  DEFAULT_OWN_HOME,
  DEFAULT_RESIDENCE_DURATION,
  DEFAULT_RESIDENCE_DURATION_ALT,
  DIRECT_DEPOSIT_OPTIONS,
  DO_NOT_SELL_REQUEST_OPTIONS,
  EMAIL_DOMAINS,
  EMPLOYER_TIME_OPTIONS,
  INCOME_SOURCE_OPTIONS,
  labelOf,
  LICENSE_STATE_OPTIONS,
  LOAN_AMOUNT_OPTIONS,
  LOAN_REASON_OPTIONS,
  MAX_LOAN_AMOUNT,
  MIN_LOAN_AMOUNT,
  MONTH_OPTIONS,
  MONTHLY_INCOME_OPTIONS,
  monthsOf,
  OWN_HOME_OPTIONS,
  PAY_FREQUENCY_OPTIONS,
  PRIVACY_RIGHTS_STATE_OPTIONS,
  RESIDENCE_DURATION_ALT_OPTIONS,
  RESIDENCE_DURATION_OPTIONS,
  UNSECURED_DEBT_OPTIONS,
  UNSUBSCRIBE_REASON_OPTIONS,
  US_STATES,
  YES_NO_OPTIONS,
  type Option,
} from "./options.ts";

const values = (set: readonly Option<string | number>[]) => set.map((o) => o.value);

describe("option sets (docs/product/lead-fields.md)", () => {
  it("gives every set unique wire values and labels", () => {
    const sets = Object.entries(options).filter(([, v]) => Array.isArray(v) && typeof v[0] === "object");
    expect(sets.length).toBeGreaterThan(15);
    for (const [name, set] of sets as [string, Option<string | number>[]][]) {
      expect(new Set(values(set)).size, name).toBe(set.length);
      expect(new Set(set.map((o) => o.label)).size, name).toBe(set.length);
    }
  });

  it("offers the loan amounts $100 to $5,000 with a default of $500 (docs/product/settled-readings.md#4-default-loan-amount)", () => {
    expect(values(LOAN_AMOUNT_OPTIONS)).toEqual([
      100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 2000, 3000, 4000, 5000,
    ]);
    expect(LOAN_AMOUNT_OPTIONS.map((o) => o.label).slice(8, 11)).toEqual(["$900", "$1,000", "$2,000"]);
    expect([MIN_LOAN_AMOUNT, DEFAULT_LOAN_AMOUNT, MAX_LOAN_AMOUNT]).toEqual([100, 500, 5000]);
  });

  it("offers 16 loan reasons with the spec's wire values, keeping the misspelt one (docs/product/settled-readings.md#17-renewable-energy-spelling)", () => {
    // prettier-ignore
    expect(values(LOAN_REASON_OPTIONS)).toEqual([
      "AUTO_PURCHASE", "AUTO_REPAIR", "HOME_IMPROVEMENT", "DEBT_CONSOLIDATION", "DEBT_SETTLEMENT",
      "CREDIT_CARD_CONSOLIDATION", "BUSINESS", "RENT_OR_MORTGAGE", "MEDICAL", "MOVING", "EMERGENCY_SITUATION",
      "EDUCATION", "RENEWABLE_ENGERGY", "STUDENT_LOAN_REFINANCE", "TAXES", "OTHER",
    ]);
    expect(DEFAULT_LOAN_REASON).toBe("DEBT_CONSOLIDATION");
    expect(labelOf(LOAN_REASON_OPTIONS, "RENEWABLE_ENGERGY")).toBe("Renewable Energy");
    expect(labelOf(LOAN_REASON_OPTIONS, "BUSINESS")).toBe("Small Business");
  });

  it("suggests the seven e-mail domains", () => {
    expect(EMAIL_DOMAINS).toEqual([
      "gmail.com",
      "outlook.com",
      "hotmail.com",
      "aol.com",
      "yahoo.com",
      "icloud.com",
      "yandex.com",
    ]);
  });

  it("maps residence durations to months on both paths (docs/product/settled-readings.md#9-alternate-residence-labels)", () => {
    expect(RESIDENCE_DURATION_OPTIONS.map((o) => o.months)).toEqual([12, 24, 36, 48, 60, 72, 84, 96, 108, 120]);
    expect(RESIDENCE_DURATION_OPTIONS.map((o) => o.label)).toEqual([
      "1 Year",
      "2 Years",
      "3 Years",
      "4 Years",
      "5 Years",
      "6 Years",
      "7 Years",
      "8 Years",
      "9 Years",
      "10+ Years",
    ]);
    expect(RESIDENCE_DURATION_OPTIONS.every((o) => Number(o.value) === o.months)).toBe(true);
    expect(DEFAULT_RESIDENCE_DURATION).toBe("12");
    expect(RESIDENCE_DURATION_ALT_OPTIONS.map((o) => [o.label, o.months])).toEqual([
      ["0 - 1 year", 6],
      ["1 - 3 years", 24],
      ["3 - 5 years", 48],
      ["5 - 7 years", 72],
      ["7 - 10 years", 102],
      ["Over 10 years", 120],
    ]);
    expect(DEFAULT_RESIDENCE_DURATION_ALT).toBe("102");
  });

  it("maps bank and employer time to months (docs/product/settled-readings.md readings 10 and 11)", () => {
    expect(BANK_TIME_OPTIONS.map((o) => [o.label, o.months])).toEqual([
      ["1 - 3 months", 3],
      ["3 - 6 months", 6],
      ["7 - 12 months", 12],
      ["1 - 2 years", 24],
      ["More than 2 years", 30],
    ]);
    expect(DEFAULT_BANK_TIME).toBe("30");
    expect(EMPLOYER_TIME_OPTIONS.map((o) => [o.label, o.months])).toEqual([
      ["More than 5 years", 60],
      ["3 - 5 years", 48],
      ["1 - 3 years", 24],
      ["6 - 12 months", 12],
      ["Less than 6 months", 3],
    ]);
    expect(monthsOf(BANK_TIME_OPTIONS, "24")).toBe(24);
    expect(monthsOf(BANK_TIME_OPTIONS, "25")).toBeUndefined();
  });

  it("has the spec's single-choice wire values and defaults", () => {
    expect(OWN_HOME_OPTIONS).toEqual([
      { value: "YES", label: "Own" },
      { value: "NO", label: "Rent" },
    ]);
    expect(DEFAULT_OWN_HOME).toBe(OWN_HOME_OPTIONS[0].value);
    expect(values(INCOME_SOURCE_OPTIONS)).toEqual(["EMPLOYMENT", "SELF_EMPLOYMENT", "MILITARY", "BENEFITS"]);
    expect(values(PAY_FREQUENCY_OPTIONS)).toEqual(["BIWEEKLY", "TWICEMONTHLY", "MONTHLY", "WEEKLY"]);
    expect(values(DIRECT_DEPOSIT_OPTIONS)).toEqual(["YES", "NO"]);
    expect(values(BANK_ACCOUNT_TYPE_OPTIONS)).toEqual(["CHECKING", "SAVING"]);
    expect(DEFAULT_BANK_ACCOUNT_TYPE).toBe("CHECKING");
    expect(CREDIT_SCORE_OPTIONS.map((o) => [o.value, o.label])).toEqual([
      ["EXCELLENT", "Excellent (720+)"],
      ["GOOD", "Good (680-719)"],
      ["FAIR", "Fair (640-679)"],
      ["POOR", "Poor (639 or less)"],
    ]);
    expect(values(CONTACT_TIME_OPTIONS)).toEqual(["ANYTIME", "MORNING", "AFTERNOON", "EVENING"]);
    expect(DEFAULT_CONTACT_TIME).toBe("ANYTIME");
    expect(values(YES_NO_OPTIONS)).toEqual(["YES", "NO"]);
  });

  it("labels the income bands honestly, from more than $5,500 down to less than $1,500", () => {
    expect(values(MONTHLY_INCOME_OPTIONS)).toEqual(["10000", "5500", "4500", "3500", "2500", "1500"]);
    expect(labelOf(MONTHLY_INCOME_OPTIONS, "10000")).toBe("More than $5,500");
    expect(labelOf(MONTHLY_INCOME_OPTIONS, 5500)).toBe("$4,501 - $5,500");
    expect(labelOf(MONTHLY_INCOME_OPTIONS, "1500")).toBe("Less than $1,500");
  });

  it("labels the unsecured debt choices as the spec does", () => {
    expect(UNSECURED_DEBT_OPTIONS.map((o) => o.label)).toEqual([
      "None",
      "$1,000-$4,999",
      "$5,000-$9,999",
      "$10,000-$20,000",
      "Over $20,000",
    ]);
  });

  it("lists 50 states and DC; licences come from the 50 states", () => {
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.every((s) => /^[A-Z]{2}$/.test(s.value))).toBe(true);
    expect(labelOf(US_STATES, "DC")).toBe("District of Columbia");
    expect(labelOf(US_STATES, "NY")).toBe("New York");
    expect(LICENSE_STATE_OPTIONS).toHaveLength(50);
    expect(values(LICENSE_STATE_OPTIONS)).not.toContain("DC");
  });

  it("has the privacy-form choices (docs/product/settled-readings.md readings 14 and 15)", () => {
    expect(PRIVACY_RIGHTS_STATE_OPTIONS.map((s) => s.label)).toEqual([
      "California",
      "Connecticut",
      "Nevada",
      "Utah",
      "Virginia",
    ]);
    expect(COUNTRY_OPTIONS).toEqual([{ value: "US", label: "United States" }]);
    expect(DEFAULT_COUNTRY).toBe("US");
    expect(UNSUBSCRIBE_REASON_OPTIONS.map((o) => o.label)).toEqual([
      "I no longer need a loan",
      "I receive too many messages",
      "I never requested this",
      "Other",
    ]);
    expect(DO_NOT_SELL_REQUEST_OPTIONS.map((o) => o.label)).toEqual([
      "Do not sell or share my personal information",
      "Delete my personal information",
      "Tell me what personal information you hold",
      "Correct my personal information",
      "Limit the use of my sensitive personal information",
    ]);
  });

  it("finds no label for a value outside the set", () => {
    expect(labelOf(LOAN_AMOUNT_OPTIONS, 450)).toBeUndefined();
    expect(labelOf(LOAN_AMOUNT_OPTIONS, "1000")).toBe("$1,000");
  });
});

describe("date-of-birth selects", () => {
  it("lists months 01 to 12 with their names", () => {
    expect(MONTH_OPTIONS).toHaveLength(12);
    expect(MONTH_OPTIONS[0]).toEqual({ value: "01", label: "January" });
    expect(MONTH_OPTIONS[11]).toEqual({ value: "12", label: "December" });
  });

  it("lists as many days as asked, padded", () => {
    expect(
      dayOptions(28)
        .map((d) => d.value)
        .at(-1),
    ).toBe("28");
    expect(dayOptions(31)[0]).toEqual({ value: "01", label: "1" });
    expect(dayOptions(31)).toHaveLength(31);
  });

  it("lists birth years from 18 years before today's year down to 99 years before, by the UTC calendar", () => {
    const years = birthYears(new Date("2026-11-23T00:00:00Z"));
    // No year anyone under 18 is born in all of: 2009 to 2026 are gone.
    expect([years[0], years.at(-1)]).toEqual([2008, 1927]);
    expect(years).toHaveLength(82);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(birthYears(new Date("2027-01-01T00:00:00Z"))[0]).toBe(2009);
    expect(birthYears(new Date("2026-12-31T23:59:59Z"))[0]).toBe(2008);
  });
});
