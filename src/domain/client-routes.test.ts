import { describe, expect, it } from "vitest";
import {
  CLIENT_ROUTE_PATHS,
  DEFAULT_DUPLICATE_WINDOW_DAYS,
  isClientRoute,
  rejectPageAddress,
  repeatAfterDaysOf,
} from "./client-routes.ts";

describe("client routes", () => {
  it("holds the funnel steps, the alternate path and the pages around them", () => {
    for (const path of ["/", "/start", "/lgname", "/ssn", "/besttimecontact", "/apply/bank", "/requestcash"]) {
      expect(isClientRoute(path), path).toBe(true);
    }
    expect(isClientRoute("/partners")).toBe(true);
  });

  it("holds the lender connection and the redirect and reject pages after it", () => {
    for (const path of ["/mapping-lender", "/configuration", "/redirect", "/redirect-upstart", "/redirect-upgrade"]) {
      expect(isClientRoute(path), path).toBe(true);
    }
    expect(isClientRoute("/reject-page")).toBe(true);
    expect(isClientRoute("/congratulations")).toBe(true);
  });

  it("accepts a trailing slash and refuses anything else", () => {
    expect(isClientRoute("/privacy/")).toBe(true);
    expect(isClientRoute("/")).toBe(true);
    for (const path of ["/nope", "/lgname/extra", "/apply", "/LGNAME", "/wp-admin"]) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });

  it("every path starts with a slash and has no trailing slash", () => {
    for (const path of CLIENT_ROUTE_PATHS) expect(path).toMatch(/^\/$|^\/[a-z0-9_/-]*[a-z0-9_]$/);
  });
});

describe("the reject page's duplicate window (docs/decisions/0030-funnel-words.md)", () => {
  it("is written into the address by the server and read back by the page", () => {
    expect(rejectPageAddress(30)).toBe("/reject-page?repeat_after_days=30");
    expect(repeatAfterDaysOf("?repeat_after_days=45")).toBe(45);
    expect(repeatAfterDaysOf(new URL(rejectPageAddress(0), "http://x").search)).toBe(0);
  });

  it("falls back to the default window when the address has none or nonsense", () => {
    for (const search of ["", "?repeat_after_days=", "?repeat_after_days=-3", "?repeat_after_days=1e3", "?x=1"]) {
      expect(repeatAfterDaysOf(search), search).toBe(DEFAULT_DUPLICATE_WINDOW_DAYS);
    }
    expect(DEFAULT_DUPLICATE_WINDOW_DAYS).toBe(30);
  });
});
