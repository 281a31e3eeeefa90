import { describe, expect, it } from "vitest";
import { phoneOfLine } from "./list-lines.ts";

describe("the phone of an uploaded line", () => {
  it.each([
    ["2015550123", "2015550123"],
    ["201,5550123", "2015550123"],
    ['"201","5550123"', "2015550123"],
    ["12015550123", "2015550123"],
    ["+1 (201) 555-0123", "2015550123"],
    ["201.555.0123\r", "2015550123"],
    ["Jane Doe,2015550123,2024-01-02", "2015550123"],
    ["id 7,201,5550123", "2015550123"],
    ["3125550000;2015550123", "3125550000"],
    ["2015550123\t3125550000", "2015550123"],
  ])("reads %j as %s", (line, phone) => {
    expect(phoneOfLine(line)).toBe(phone);
  });

  it.each([
    [""],
    ["   "],
    ["phone"],
    ["area_code,phone_number"],
    ["555-0123"],
    ["0015550123"], // no area code starts with 0 or 1
    ["22015550123"], // 11 digits not led by the country code
    ["2024-01-02"],
  ])("finds no phone in %j", (line) => {
    expect(phoneOfLine(line)).toBeUndefined();
  });
});
