import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The start as an operator meets it: `node src/server/main.ts` with a bad BUYERS_FILE. It stops before any
// database is opened, so no server is left behind.

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), "loanpath-start-"));

function start(buyersFile: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [MAIN],
      {
        env: { ...process.env, NODE_ENV: "test", DATA_DIR: path.join(dir, "data"), BUYERS_FILE: buyersFile },
        encoding: "utf8",
      },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

const leadBuyer = {
  id: "acme-leads",
  name: "Acme Leads",
  kind: "lead_buyer",
  mode: "direct_post",
  protocol: "json",
  post: {
    url: "https://buyer.example/leads",
    fields: [{ to: "Lead.Ssn", from: "ssn" }],
    answer: { success: { path: "ok", equals: [true] } },
  },
  pricing: { kind: "fixed", price: 5 },
};

const NO_STACK = /^\s+at /m;

describe("starting with a bad BUYERS_FILE", () => {
  it("prints the plain message a bad setting gets, naming the buyer and field, and exits 1", async () => {
    const file = path.join(dir, "buyers.json");
    writeFileSync(file, JSON.stringify([leadBuyer]));
    const { code, stderr } = await start(file);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Invalid configuration:\n  BUYERS_FILE: ${file}: invalid buyer configuration:\n` +
        "    acme-leads.post.fields.0.from: ssn is posted only to a licensed lender",
    );
    expect(stderr).not.toMatch(NO_STACK);
  });

  it.each([
    ["not JSON", "broken.json", "[{", "not valid JSON"],
    ["missing", "missing.json", undefined, "cannot be read (ENOENT)"],
  ])("names a file that is %s the same way", async (_what, name, content, problem) => {
    const file = path.join(dir, name);
    if (content !== undefined) writeFileSync(file, content);
    const { code, stderr } = await start(file);
    expect(code).toBe(1);
    expect(stderr).toContain(`Invalid configuration:\n  BUYERS_FILE: ${file}: ${problem}`);
    expect(stderr).not.toMatch(NO_STACK);
  });
});
