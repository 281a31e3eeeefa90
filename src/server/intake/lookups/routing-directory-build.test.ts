import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fedAchEntry, fedAchFile, fedAchLine } from "./fedach-fixture.testing.ts";
import { parseFedAchDirectory } from "./fedach-format.ts";
import { parseRoutingDirectory } from "./routing-directory-format.ts";

// scripts/build-routing-table.ts run as the README says, on small directories the test writes itself.
const SCRIPT = fileURLToPath(new URL("../../../../scripts/build-routing-table.ts", import.meta.url));
const run = promisify(execFile);

describe("scripts/build-routing-table.ts", () => {
  let dir: string;
  const build = (input: string, out: string, ...options: string[]) =>
    run(process.execPath, [SCRIPT, input, "--out", out, ...options]);
  /** The script's exit code and error output, for runs that must fail. */
  const refusal = (input: string, out: string, ...options: string[]) =>
    build(input, out, ...options).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "routing-build-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("makes a table the server reads back as the directory file names them, dated by its newest change", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fedAchEntry, { minLength: 1, maxLength: 60 }), async (entries) => {
        const input = path.join(dir, "FedACHdir.txt");
        const out = path.join(dir, "table.txt");
        const source = fedAchFile(entries);
        await writeFile(input, source);
        await build(input, out);

        const expected = parseFedAchDirectory(source);
        const table = parseRoutingDirectory(await readFile(out, "utf8"));
        expect(table.names).toEqual(expected.names);
        expect(table.newestChange).toBe(expected.newestChange);
        expect(table.directoryDate).toBe(expected.newestChange);
      }),
      { numRuns: 4 },
    );
  });

  it("takes the directory's month from --date, says how to regenerate, and makes the same bytes from reordered lines", async () => {
    const entries = fc.sample(fedAchEntry, { numRuns: 30, seed: 11 });
    const input = path.join(dir, "dated.txt");
    const reordered = path.join(dir, "reordered.txt");
    await writeFile(input, fedAchFile(entries));
    await writeFile(reordered, fedAchFile([...entries].reverse()));
    const newest = parseFedAchDirectory(fedAchFile(entries)).newestChange!;
    const month = newest.slice(0, 7);

    await build(input, path.join(dir, "a.txt"), "--date", month);
    await build(reordered, path.join(dir, "b.txt"), "--date", month);
    const text = await readFile(path.join(dir, "a.txt"), "utf8");
    expect(await readFile(path.join(dir, "b.txt"), "utf8")).toBe(text);
    expect(parseRoutingDirectory(text).directoryDate).toBe(month);
    expect(text).toContain(`# Regenerate: node scripts/build-routing-table.ts <FedACHdir.txt> --date ${month}\n`);
    expect(text).not.toContain(dir);
  });

  it("refuses a damaged directory, a --date older than its newest change and a malformed --date", async () => {
    const day = new Date("2018-12-04T00:00:00Z");
    const good = fedAchLine({ routingNumber: "011000138", name: "FIRST BANK", changed: day });
    const input = path.join(dir, "refused.txt");
    const out = path.join(dir, "refused-table.txt");

    await writeFile(input, `${good}\r\n${good.slice(0, 60)}\r\n`);
    expect(await refusal(input, out)).toEqual({ code: 1, stderr: expect.stringMatching(/1 lines do not fit/) });

    await writeFile(input, `${good}\r\n`);
    expect(await refusal(input, out, "--date", "2018-11")).toEqual({
      code: 1,
      stderr: expect.stringMatching(/older than the directory's newest change, 2018-12-04/),
    });
    expect(await refusal(input, out, "--date", "2018-13")).toEqual({
      code: 1,
      stderr: expect.stringMatching(/not YYYY-MM/),
    });
    await expect(readFile(out)).rejects.toMatchObject({ code: "ENOENT" });
    expect((await refusal(input, out, "--date", "2018-12")).code).toBe(0);
  });
});
