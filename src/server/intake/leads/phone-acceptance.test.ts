import { describe, expect, it } from "vitest";
import { isCallableUsPhone } from "./phone-acceptance.ts";

describe("isCallableUsPhone", () => {
  it.each(["2125551234", "6465559876", "3105551234", "9175551999"])("accepts %s", (n) => {
    expect(isCallableUsPhone(n)).toBe(true);
  });
  it.each([
    ["2120550123", "exchange starts with 0"],
    ["2121550123", "exchange starts with 1"],
    ["4115550123", "N11 area code"],
    ["2124110123", "N11 exchange"],
    ["2125550150", "fictional 555-01XX"],
    ["2222222222", "one repeated digit"],
    ["1125550123", "area code starts with 1"],
    ["212555012", "nine digits"],
  ])("refuses %s (%s)", (n) => {
    expect(isCallableUsPhone(n)).toBe(false);
  });
});
