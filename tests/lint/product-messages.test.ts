import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages.ts";

// docs/product/validation.md quotes every message the product rules fix; the code must show them
// character for character. Each table there with a Message column is read, and every cell of that
// column that is one quoted text must be a message of src/domain/messages.ts.
const page = readFileSync(new URL("../../docs/product/validation.md", import.meta.url), "utf8");

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

/** The quoted texts in the Message column of every table on the page. */
function documentedMessages(markdown: string): string[] {
  const found: string[] = [];
  let column = -1;
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("|")) {
      column = -1;
      continue;
    }
    const row = cells(line);
    if (column === -1) {
      column = row.indexOf("Message");
      continue;
    }
    const quoted = /^`([^`]+)`$/.exec(row[column] ?? "");
    if (quoted) found.push(quoted[1]!);
  }
  return found;
}

describe("docs/product/validation.md and the code's messages", () => {
  const documented = documentedMessages(page);

  it("reads the message tables", () => {
    expect(documented).toContain("Please select a weekday within the next 30 days!");
    expect(documented.length).toBeGreaterThan(50);
  });

  it("has the code show every message the page quotes, exactly", () => {
    const shown = new Set<string>(Object.values(MESSAGES));
    expect(documented.filter((message) => !shown.has(message))).toEqual([]);
  });
});
