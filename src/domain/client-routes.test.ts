import { describe, expect, it } from "vitest";
import { CLIENT_ROUTE_PATHS, isClientRoute } from "./client-routes.ts";

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
