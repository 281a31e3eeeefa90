import { describe, expect, it } from "vitest";
import { dedupeKey } from "./dedupe-key.ts";
import { newRequestReference } from "../../compliance/request-reference.ts";

describe("dedupeKey", () => {
  const base = { email: "jo@example.com", phone: "2125550123", unsubscribe: "OTHER" };

  it("ignores case, spacing, phone formatting and field order", () => {
    expect(dedupeKey("unsubscribe", base)).toBe(
      dedupeKey("unsubscribe", { unsubscribe: "other", phone: "(212)-555-0123", email: "  JO@example.com " }),
    );
  });

  it("differs when any field, or the kind, differs", () => {
    expect(dedupeKey("unsubscribe", base)).not.toBe(
      dedupeKey("unsubscribe", { ...base, unsubscribe: "NEVER_REQUESTED" }),
    );
    expect(dedupeKey("unsubscribe", base)).not.toBe(dedupeKey("do-not-sell", base));
  });
});

describe("newRequestReference", () => {
  it("is PR- and 10 unambiguous characters, different each time", () => {
    const refs = new Set(Array.from({ length: 200 }, newRequestReference));
    expect(refs.size).toBe(200);
    for (const ref of refs) expect(ref).toMatch(/^PR-[0-9A-HJKMNP-TV-Z]{10}$/);
  });
});
