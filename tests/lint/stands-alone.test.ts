import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Whoever carries the product on has this repository and nothing else, so nothing in it may send them
// to a file outside it, and every citation of the product rules must land on a page and heading that
// exist in docs/product/. The one exception is .ci/run, which sources the build machines' Node 24
// setup that sits beside the clone.
const root = new URL("../../", import.meta.url);
const ALLOWED_OUTSIDE = new Set([".ci/run"]);

// Written so that this file does not match itself.
const OUTSIDE_REFERENCE = /\.\.\/shared|product-spec\.md|decisions\.md/;
const OLD_CITATION = /\b[Ss]pec sections? \d|\bdecisions rows? \d/;
const PRODUCT_CITATION = /docs\/product\/([\w.-]+\.md)(?:#([\w-]+))?/g;
const RELATIVE_LINK = /\]\(([\w.-]+\.md)?(?:#([\w-]+))?\)/g;

/** Tracked files and new ones not yet added, as text; binary files are left out. */
function textFiles(): { file: string; text: string }[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter((file) => file && existsSync(new URL(file, root)))
    .map((file) => ({ file, text: readFileSync(new URL(file, root), "utf8") }))
    .filter(({ text }) => !text.includes("\0"));
}

function linesMatching(pattern: RegExp, files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    text.split("\n").flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(new URL(`docs/product/${page}`, root), "utf8");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

function brokenCitation(page: string, anchor: string | undefined): boolean {
  if (!existsSync(new URL(`docs/product/${page}`, root))) return true;
  return anchor !== undefined && !anchorsOf(page).has(anchor);
}

const files = textFiles();

describe("the repository stands alone", () => {
  it("sees the files it checks, this one included", () => {
    expect(files.map((f) => f.file)).toContain("tests/lint/stands-alone.test.ts");
  });

  it("names no file outside the repository, except in .ci/run", () => {
    const inside = files.filter(({ file }) => !ALLOWED_OUTSIDE.has(file));
    expect(linesMatching(OUTSIDE_REFERENCE, inside)).toEqual([]);
  });

  it("cites the product rules by their docs/product pages, not by old section or row numbers", () => {
    expect(linesMatching(OLD_CITATION, files)).toEqual([]);
  });

  it("cites only docs/product pages and headings that exist", () => {
    const broken = files.flatMap(({ file, text }) =>
      [...text.matchAll(PRODUCT_CITATION)]
        .filter(([, page, anchor]) => brokenCitation(page!, anchor))
        .map(([citation]) => `${file}: ${citation}`),
    );
    expect(broken).toEqual([]);
  });

  it("links between docs/product pages only to pages and headings that exist", () => {
    const pages = files.filter(({ file }) => /^docs\/product\/[^/]+\.md$/.test(file));
    expect(pages.length).toBeGreaterThan(5);
    const broken = pages.flatMap(({ file, text }) =>
      [...text.matchAll(RELATIVE_LINK)]
        .filter(([, page, anchor]) => brokenCitation(page ?? file.replace("docs/product/", ""), anchor))
        .map(([link]) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it("keeps the settled readings numbered from 1 in order, so their numbers stay citable", () => {
    const text = readFileSync(new URL("docs/product/settled-readings.md", root), "utf8");
    const numbers = [...text.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
    expect(numbers.length).toBeGreaterThanOrEqual(18);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });
});
