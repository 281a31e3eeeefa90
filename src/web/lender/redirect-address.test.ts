import { describe, expect, it } from "vitest";
import { readRedirectAddress, safeRedirectAddress, saveRedirectAddress } from "./redirect-address.ts";

describe("the lender's address", () => {
  it("keeps and follows only absolute http(s) addresses", () => {
    expect(safeRedirectAddress("https://lender.example/offer?id=1")).toBe("https://lender.example/offer?id=1");
    expect(safeRedirectAddress("http://127.0.0.1:4000/offer")).toBe("http://127.0.0.1:4000/offer");
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "/relative", "", null, undefined, "not a url"]) {
      expect(safeRedirectAddress(bad), String(bad)).toBeUndefined();
    }
  });

  it("survives in local storage under redirectURL, and a tampered value is not followed", () => {
    saveRedirectAddress("https://lender.example/o");
    expect(localStorage.getItem("redirectURL")).toBe("https://lender.example/o");
    expect(readRedirectAddress()).toBe("https://lender.example/o");
    localStorage.setItem("redirectURL", "javascript:alert(1)");
    expect(readRedirectAddress()).toBeUndefined();
  });
});
