import { Readable } from "node:stream";
import { z } from "zod";

// CSV for the console's exports (docs/decisions/0048-console-exports.md): RFC 4180 quoting, cells a spreadsheet
// would run as a formula defused, and large exports streamed a batch at a time, so memory holds one batch however
// many rows the filters give.

export type CsvValue = string | number | boolean | null | undefined;
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

// A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets (OWASP's CSV injection list).
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell: a formula-like text gets a leading apostrophe (a number stays a number), then quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A batch of rows and where the next one starts (null after the last). */
export type CsvBatch<Row, Cursor> = { rows: Row[]; next: Cursor | null };

/**
 * The header, then every row `batchOf` gives, asked for one batch after the other by its keyset cursor: a batch
 * is read only when the client has taken the one before (the stream's backpressure).
 */
export function csvStream<Row, Cursor>(
  columns: CsvColumn<Row>[],
  batchOf: (cursor: Cursor | undefined) => Promise<CsvBatch<Row, Cursor>>,
): Readable {
  async function* lines() {
    yield csvLine(columns.map((c) => c.header));
    let cursor: Cursor | undefined;
    do {
      const batch = await batchOf(cursor);
      if (batch.rows.length > 0) yield batch.rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join("");
      cursor = batch.next ?? undefined;
    } while (cursor !== undefined);
  }
  return Readable.from(lines(), { objectMode: false });
}

/** A route's 200 for a CSV stream: Fastify pipes a stream as it is, never through the serializer. */
export const csvAnswer = z.custom<Readable>((value) => value instanceof Readable).describe("CSV text");
