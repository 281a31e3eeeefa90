import { describe, expect, it } from "vitest";
import { CLIENT_ROUTE_PATHS, isClientRoute, UNBUILT_PAGE_PATHS } from "./client-routes.ts";

describe("client routes", () => {
  it("holds the funnel steps, the alternate path and the pages around them", () => {
    for (const path of ["/", "/start", "/lgname", "/ssn", "/besttimecontact", "/apply/bank", "/requestcash"]) {
      expect(isClientRoute(path), path).toBe(true);
    }
    expect(isClientRoute("/partners")).toBe(true);
  });

  it("leaves out the pages not built yet, so they answer 404 until they exist", () => {
    for (const path of UNBUILT_PAGE_PATHS) expect(isClientRoute(path), path).toBe(false);
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
