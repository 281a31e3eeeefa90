import { describe, expect, it } from "vitest";
import { LICENSE_STATE_OPTIONS } from "./options.ts";
import { licenseStateCode, licenseStateName, licenseStatesStartingWith } from "./state-names.ts";

describe("the licence state typed as text", () => {
  it("reads every state's name and code, in any case and spacing, as its code", () => {
    for (const state of LICENSE_STATE_OPTIONS) {
      expect(licenseStateCode(state.label.toUpperCase())).toBe(state.value);
      expect(licenseStateCode(` ${state.value.toLowerCase()} `)).toBe(state.value);
      expect(licenseStateName(state.value)).toBe(state.label);
    }
    expect(licenseStateCode("new   york")).toBe("NY");
  });

  it("knows no state in a misspelling, a territory or the District", () => {
    for (const typed of ["Califrnia", "PR", "Puerto Rico", "DC", "", "N"]) {
      expect(licenseStateCode(typed), typed).toBeUndefined();
    }
  });

  it("offers the states a name starts with, or the one a code names", () => {
    expect(licenseStatesStartingWith("new")).toEqual(["New Hampshire", "New Jersey", "New Mexico", "New York"]);
    expect(licenseStatesStartingWith("tx")).toEqual(["Texas"]);
    expect(licenseStatesStartingWith("  ")).toEqual([]);
  });
});
