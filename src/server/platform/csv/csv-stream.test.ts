import { describe, expect, it } from "vitest";
import { csvCell, csvStream, type CsvBatch } from "./csv-stream.ts";
import { parseCsv } from "./csv.testing.ts";

const read = async (stream: NodeJS.ReadableStream) => {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
};

describe("CSV for the console's exports", () => {
  it("quotes commas, quotes and line breaks, and a reader gets the value back", () => {
    const values = ['say "no", then\nleave', "a,b", "plain", "crlf\r\nend"];
    const line = values.map(csvCell).join(",") + "\r\n";
    expect(line).toBe('"say ""no"", then\nleave","a,b",plain,"crlf\r\nend"\r\n');
    expect(parseCsv(line)).toEqual([values]);
  });

  it("defuses a cell a spreadsheet would run as a formula, and leaves numbers and empty cells as they are", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1+1")).toBe("'+1+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell(-42)).toBe("-42");
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(false)).toBe("false");
  });

  it("streams the header and every batch, asking for each next one by the cursor the one before gave", async () => {
    const all = Array.from({ length: 7 }, (_, i) => ({ n: i, label: i === 3 ? "=1+2" : `row ${i}` }));
    const asked: (number | undefined)[] = [];
    const batchOf = async (after: number | undefined): Promise<CsvBatch<(typeof all)[number], number>> => {
      asked.push(after);
      const from = after === undefined ? 0 : after + 1;
      const rows = all.slice(from, from + 3);
      return { rows, next: from + 3 < all.length ? rows[rows.length - 1]!.n : null };
    };
    const text = await read(
      csvStream(
        [
          { header: "n", value: (r) => r.n },
          { header: "label", value: (r) => r.label },
        ],
        batchOf,
      ),
    );
    expect(asked).toEqual([undefined, 2, 5]);
    expect(parseCsv(text)).toEqual([["n", "label"], ...all.map((r) => [String(r.n), r.n === 3 ? "'=1+2" : r.label])]);
  });

  it("gives the header alone when nothing matches", async () => {
    const text = await read(
      csvStream([{ header: "id", value: (r: { id: string }) => r.id }], async () => ({ rows: [], next: null })),
    );
    expect(text).toBe("id\r\n");
  });
});
