import { beforeEach, describe, expect, it } from "vitest";
import { UNREAD_ENTRY_KEY } from "#web/hydration/hydrated-event.ts";
import { readAttribution, rememberAttribution, rememberEntryAttribution } from "./attribution.ts";

describe("the visitor's traffic source", () => {
  beforeEach(() => sessionStorage.clear());

  it("keeps every tracking field of the entry address, trimmed, under its own key", () => {
    rememberAttribution(
      "?utm_source=%20google%20&sub_source=s1&aff_id=42&tPar%5BaffiliateId%5D=A7&aff_sub3=x-y&platform=pm&clickid=abc.123&other=1",
      "",
    );
    expect(readAttribution()).toEqual({
      utm_source: "google",
      sub_source: "s1",
      aff_id: "42",
      "tPar[affiliateId]": "A7",
      aff_sub3: "x-y",
      platform: "pm",
      clickid: "abc.123",
    });
    expect(sessionStorage.getItem("utm_source")).toBe("google");
  });

  it("reads the campaign cookies when the address has none, the address winning where both have one", () => {
    rememberAttribution("?aff_id=from-link", "aff_id=from-cookie; source_id=S%209; theme=dark");
    expect(readAttribution()).toEqual({ aff_id: "from-link", source_id: "S 9" });
  });

  it("keeps the first campaign through pages without one, and a new campaign replaces all of it", () => {
    rememberAttribution("?utm_source=google&aff_sub1=a", "");
    rememberAttribution("?x=1", "");
    expect(readAttribution()).toEqual({ utm_source: "google", aff_sub1: "a" });
    rememberAttribution("?utm_source=bing", "");
    expect(readAttribution()).toEqual({ utm_source: "bing" });
  });

  it("drops values that are markup, too long or from an unknown platform", () => {
    rememberAttribution(
      `?utm_source=${encodeURIComponent("<script>alert(1)</script>")}&aff_id=${"9".repeat(101)}&platform=evil&sub_source=ok`,
      "",
    );
    expect(readAttribution()).toEqual({ sub_source: "ok" });
  });

  it("remembers the source of a page left before its app started, unless the page the app starts on has its own", () => {
    sessionStorage.setItem(UNREAD_ENTRY_KEY, "?utm_source=google&aff_sub1=a&gclid=x");
    rememberEntryAttribution("", "");
    expect(readAttribution()).toEqual({ utm_source: "google", aff_sub1: "a" });
    expect(sessionStorage.getItem(UNREAD_ENTRY_KEY)).toBe(null);

    sessionStorage.clear();
    sessionStorage.setItem(UNREAD_ENTRY_KEY, "?utm_source=google");
    rememberEntryAttribution("?utm_source=bing", "");
    expect(readAttribution()).toEqual({ utm_source: "bing" });
  });

  it("does not let a campaign cookie on the next page replace the source the visitor arrived with", () => {
    sessionStorage.setItem(UNREAD_ENTRY_KEY, "?utm_source=google");
    rememberEntryAttribution("", "source_id=S9");
    expect(readAttribution()).toEqual({ utm_source: "google", source_id: "S9" });
  });
});
