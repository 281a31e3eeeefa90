import { describe, expect, it } from "vitest";
import { isSuggestionTerm, suggestQuerySchema } from "./lookups.ts";

describe("suggestion terms (docs/product/validation.md, suggestions)", () => {
  it("are 3 to 49 characters once trimmed, an emoji counting as the one character the server counts", () => {
    for (const text of ["Ana", " Ana ", "A".repeat(49), "😀🚀x"]) expect(isSuggestionTerm(text), text).toBe(true);
    for (const text of ["", "An", "  An  ", "A".repeat(50), "😀🚀"]) expect(isSuggestionTerm(text), text).toBe(false);
  });

  it("are exactly what the server's query takes", () => {
    for (const text of ["Ana", "😀🚀", "😀🚀x", "An"]) {
      expect(suggestQuerySchema.safeParse({ first_name: text }).success, text).toBe(isSuggestionTerm(text));
    }
  });
});
