import { describe, expect, it } from "vitest";
import { CONSENT_TEXTS, fillConsent, placeholdersIn } from "./consent.ts";

describe("consent texts (docs/product/overview.md)", () => {
  it("names the button each text is agreed by", () => {
    for (const text of Object.values(CONSENT_TEXTS))
      expect(text.template, text.key).toContain(`By clicking ${text.button}`);
  });

  it("says consent is not required to obtain a loan wherever calls and texts are agreed to", () => {
    for (const text of Object.values(CONSENT_TEXTS).filter((t) => (t.kinds as readonly string[]).includes("tcpa"))) {
      expect(text.template, text.key).toContain("Consent is not required to obtain a loan.");
      expect(text.template, text.key).toContain("Do-Not-Call");
    }
  });

  it("fills in the brand everywhere and leaves no placeholder", () => {
    for (const text of Object.values(CONSENT_TEXTS)) {
      const filled = fillConsent(text, { brand: "Loanpath", shortCode: "41411" });
      expect(filled).not.toMatch(/[{}]/);
      expect(filled).toContain("Loanpath");
    }
  });

  it("takes the opt-out short code from the brand, never a fixed number", () => {
    for (const text of [CONSENT_TEXTS.quick_start, CONSENT_TEXTS.phone]) {
      expect(text.template, text.key).toContain("Text STOP to {shortCode} to opt out.");
      const filled = fillConsent(text, { brand: "Cashbridge", shortCode: "72266" });
      expect(filled, text.key).toContain("Text STOP to 72266 to opt out.");
      expect(filled, text.key).not.toContain("41411");
      expect(filled, text.key).toContain("from Cashbridge, its lenders");
    }
  });

  it("replaces in one pass, so a brand name that looks like a placeholder stays as written", () => {
    const filled = fillConsent(CONSENT_TEXTS.quick_start, { brand: "{shortCode} Loans", shortCode: "72266" });
    expect(filled).toContain("from {shortCode} Loans, its lenders");
    expect(filled).toContain("Text STOP to 72266 to opt out.");
  });

  it("names the placeholders each template holds: what its consent evidence must carry", () => {
    expect(placeholdersIn(CONSENT_TEXTS.quick_start)).toEqual(["brand", "shortCode"]);
    expect(placeholdersIn(CONSENT_TEXTS.phone)).toEqual(["brand", "shortCode"]);
    expect(placeholdersIn(CONSENT_TEXTS.ssn)).toEqual(["brand"]);
  });

  it("leaves no digits of a short code in any template: the number always comes from the brand", () => {
    for (const text of Object.values(CONSENT_TEXTS)) expect(text.template, text.key).not.toMatch(/\d{5}/);
  });
});
