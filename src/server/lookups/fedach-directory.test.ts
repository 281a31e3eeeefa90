import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFedAchSource, parseFedAchDirectory } from "./fedach-directory.ts";

/** One line in the FedACH layout: routing 1-9, office 10, servicing FRB 11-19, ..., name 36-71, ... */
function fedAchLine(routingNumber: string, name: string): string {
  const head = `${routingNumber}O0110000151072505000000000`;
  expect(head).toHaveLength(35);
  return `${head}${name.padEnd(36)}${"PO BOX 27025".padEnd(36)}${"RICHMOND".padEnd(20)}VA232617025800446013511     `;
}

const DIRECTORY = [
  fedAchLine("011000138", "BANK OF AMERICA, N.A."),
  fedAchLine("011103093", "TD BANK NA"),
  fedAchLine("011103093", "A LATER DUPLICATE"),
  "",
].join("\r\n");

describe("parseFedAchDirectory", () => {
  it("reads routing number and customer name from their columns", () => {
    const { names, skipped } = parseFedAchDirectory(DIRECTORY);
    expect(Object.fromEntries(names)).toEqual({ "011000138": "BANK OF AMERICA, N.A.", "011103093": "TD BANK NA" });
    expect(skipped).toBe(0);
  });

  it("skips lines that do not fit the layout", () => {
    const { names, skipped } = parseFedAchDirectory(
      ["not a directory line", "12345", fedAchLine("011000138", "X BANK")].join("\n"),
    );
    expect([...names]).toEqual([["011000138", "X BANK"]]);
    expect(skipped).toBe(2);
  });
});

describe("createFedAchSource", () => {
  let dir: string;
  let warnings: { obj: Record<string, unknown>; msg: string }[];
  const log = { warn: (obj: Record<string, unknown>, msg: string) => void warnings.push({ obj, msg }) };

  beforeEach(async () => {
    warnings = [];
    dir = await mkdtemp(path.join(tmpdir(), "fedach-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("names banks from the file, reading it once, on first use", async () => {
    const filePath = path.join(dir, "FedACHdir.txt");
    await writeFile(filePath, DIRECTORY);
    let reads = 0;
    const source = createFedAchSource({
      filePath,
      log,
      readText: (p) => {
        reads++;
        return readFile(p, "utf8");
      },
    });
    expect(reads).toBe(0);

    expect(await source.findBankName("011000138")).toBe("BANK OF AMERICA, N.A.");
    await rm(filePath);
    expect(await source.findBankName("011103093")).toBe("TD BANK NA");
    expect(await source.findBankName("021000021")).toBeUndefined();
    expect(reads).toBe(1);
    expect(source.name).toBe("fedach");
    expect(warnings).toEqual([]);
  });

  it("tolerates a missing file with one warning", async () => {
    const source = createFedAchSource({ filePath: path.join(dir, "missing.txt"), log });
    expect(await source.findBankName("011000138")).toBeUndefined();
    expect(await source.findBankName("011103093")).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.obj).toMatchObject({ source: "fedach", reason: "ENOENT" });
  });

  it("tolerates a file in another format with one warning", async () => {
    const filePath = path.join(dir, "corrupt.txt");
    await writeFile(filePath, "<html>this is not the directory</html>\n\u0000\u0001garbage");
    const source = createFedAchSource({ filePath, log });
    expect(await source.findBankName("011000138")).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.obj).toMatchObject({ reason: "no usable line" });
  });

  it("uses the good lines of a partly damaged file and says so", async () => {
    const filePath = path.join(dir, "partial.txt");
    await writeFile(filePath, `${DIRECTORY}\ntruncated line`);
    const source = createFedAchSource({ filePath, log });
    expect(await source.findBankName("011000138")).toBe("BANK OF AMERICA, N.A.");
    expect(warnings[0]!.obj).toMatchObject({ skipped: 1, loaded: 2 });
  });
});
