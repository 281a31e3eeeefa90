import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.ts";
import { dobDayOptions, dobFormSchema } from "./dob-form.ts";
import { fieldErrors } from "./field-errors.testing.ts";

const today = new Date("2026-11-23T00:00:00Z");
const schema = dobFormSchema(today);

describe("date of birth (docs/product/validation.md)", () => {
  it("joins the three selects into one YYYY-MM-DD", () => {
    expect(schema.parse({ month: "05", day: "17", year: "1990" })).toEqual({ dob: "1990-05-17" });
    expect(schema.parse({ month: "5", day: 7, year: 1990 })).toEqual({ dob: "1990-05-07" });
  });

  it.each([
    [{ day: "17", year: "1990" }, { month: [MESSAGES.monthRequired] }],
    [{ month: "", day: "17", year: "1990" }, { month: [MESSAGES.monthRequired] }],
    [{ month: "13", day: "17", year: "1990" }, { month: [MESSAGES.monthRequired] }],
    [{ month: "05", day: "", year: "1990" }, { day: [MESSAGES.dayRequired] }],
    [{ month: "05", day: "32", year: "1990" }, { day: [MESSAGES.dayRequired] }],
    [{ month: "05", day: "00", year: "1990" }, { day: [MESSAGES.dayRequired] }],
    [{ month: "05", day: "17", year: "" }, { year: [MESSAGES.yearRequired] }],
    [{ month: "05", day: "17" }, { year: [MESSAGES.yearRequired] }],
    [{}, { month: [MESSAGES.monthRequired], day: [MESSAGES.dayRequired], year: [MESSAGES.yearRequired] }],
  ])("%j gives %j", (input, errors) => {
    expect(fieldErrors(schema, input)).toEqual(errors);
  });

  it("refuses a day the month does not have, and takes Feb 29 in leap years only", () => {
    expect(fieldErrors(schema, { month: "02", day: "30", year: "1990" })).toEqual({ day: [MESSAGES.dateInvalid] });
    expect(fieldErrors(schema, { month: "04", day: "31", year: "1990" })).toEqual({ day: [MESSAGES.dateInvalid] });
    expect(fieldErrors(schema, { month: "02", day: "29", year: "1990" })).toEqual({ day: [MESSAGES.dateInvalid] });
    expect(schema.parse({ month: "02", day: "29", year: "1992" })).toEqual({ dob: "1992-02-29" });
  });

  it("is 18 on the 18th birthday and not the day before (birthday-aware)", () => {
    expect(fieldErrors(schema, { month: "11", day: "23", year: "2008" })).toEqual({});
    expect(fieldErrors(schema, { month: "11", day: "24", year: "2008" })).toEqual({ year: [MESSAGES.underage] });
    expect(fieldErrors(schema, { month: "12", day: "31", year: "2008" })).toEqual({ year: [MESSAGES.underage] });
  });

  it("offers the years from this year minus 18 down to this year minus 99, and no others", () => {
    expect(fieldErrors(schema, { month: "01", day: "01", year: "1927" })).toEqual({});
    expect(fieldErrors(schema, { month: "01", day: "01", year: "2008" })).toEqual({});
    expect(fieldErrors(schema, { month: "01", day: "01", year: "1926" })).toEqual({ year: [MESSAGES.yearRequired] });
    expect(fieldErrors(schema, { month: "01", day: "01", year: "2009" })).toEqual({ year: [MESSAGES.yearRequired] });
    expect(fieldErrors(schema, { month: "01", day: "01", year: "2027" })).toEqual({ year: [MESSAGES.yearRequired] });
  });
});

describe("the day select (docs/product/behaviour.md)", () => {
  it("offers as many days as the month has, February 29 until a common year is chosen", () => {
    expect(dobDayOptions("01")).toHaveLength(31);
    expect(dobDayOptions("04")).toHaveLength(30);
    expect(dobDayOptions("02")).toHaveLength(29);
    expect(dobDayOptions("02", "1992")).toHaveLength(29);
    expect(dobDayOptions("02", "1990")).toHaveLength(28);
    expect(dobDayOptions("")).toEqual([]);
    expect(dobDayOptions("13")).toEqual([]);
  });
});
