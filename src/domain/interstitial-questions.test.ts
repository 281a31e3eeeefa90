import { describe, expect, it } from "vitest";
import { INTERSTITIAL_QUESTIONS, listIdsAfterYes } from "./interstitial-questions.ts";

describe("interstitial lists", () => {
  const [debt, insurance, score] = INTERSTITIAL_QUESTIONS as [never, never, never];

  it("starts every yes from list 15 and adds the question's own list once", () => {
    expect(listIdsAfterYes(undefined, debt)).toEqual([15, 14]);
    expect(listIdsAfterYes([15, 14], score)).toEqual([15, 14, 12]);
    expect(listIdsAfterYes([15, 14, 12], insurance)).toEqual([15, 14, 12, 13]);
    expect(listIdsAfterYes([15, 13], insurance)).toEqual([15, 13]);
  });
});
