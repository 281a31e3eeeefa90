import { describe, expect, it } from "vitest";
import { CONSENT_TEXTS, fillConsent } from "./consent.ts";

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
      const filled = fillConsent(text, "Loanpath");
      expect(filled).not.toContain("{brand}");
      expect(filled).toContain("Loanpath");
    }
  });
});
