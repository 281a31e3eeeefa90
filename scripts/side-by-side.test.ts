import { describe, expect, it } from "vitest";
import { countTests } from "./side-by-side.ts";

const ESC = String.fromCharCode(27);

describe("side-by-side test counts", () => {
  it("adds up every Vitest summary of a stage, colours and all", () => {
    const output = [
      ` ${ESC}[2m Test Files ${ESC}[22m ${ESC}[1m${ESC}[32m69 passed${ESC}[39m${ESC}[22m${ESC}[90m (69)${ESC}[39m`,
      ` ${ESC}[2m      Tests ${ESC}[22m ${ESC}[1m${ESC}[32m705 passed${ESC}[39m${ESC}[22m${ESC}[90m (705)${ESC}[39m`,
      "      Tests  2 failed | 119 passed (121)",
    ].join("\n");
    expect(countTests(output)).toEqual({ passed: 824, failed: 2 });
  });

  it("counts nothing in an output without a summary", () => {
    expect(countTests("eslint: no problems\n")).toEqual({ passed: 0, failed: 0 });
  });
});
