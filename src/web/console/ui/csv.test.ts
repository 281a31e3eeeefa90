import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("the console's CSV", () => {
  it("writes plain cells as they are and numbers as numbers, negative ones too", () => {
    expect(
      toCsv([
        ["Source", "Revenue"],
        ["google", 123.45],
        ["(none)", -5],
      ]),
    ).toBe("Source,Revenue\r\ngoogle,123.45\r\n(none),-5\r\n");
  });

  it("quotes a cell holding a comma, a quote or a line break, its quotes doubled", () => {
    expect(csvCell("Acme, Inc.")).toBe('"Acme, Inc."');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
  });

  it("keeps a spreadsheet from running a text as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("leaves a missing figure empty", () => {
    expect(toCsv([["a", null, Number.NaN]])).toBe("a,,\r\n");
  });
});
