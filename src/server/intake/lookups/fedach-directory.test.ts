import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFedAchSource } from "./fedach-directory.ts";
import { fedAchFile } from "./fedach-fixture.testing.ts";

const DIRECTORY = fedAchFile([
  { routingNumber: "011000138", name: "BANK OF AMERICA, N.A.", changed: new Date("2011-01-31T00:00:00Z") },
  { routingNumber: "011103093", name: "TD BANK NA", changed: new Date("2018-12-04T00:00:00Z") },
  { routingNumber: "011103093", name: "A LATER DUPLICATE", changed: new Date("2018-12-04T00:00:00Z") },
]);

describe("createFedAchSource", () => {
  let dir: string;
  let warnings: { obj: Record<string, unknown>; msg: string }[];
  let infos: { obj: Record<string, unknown>; msg: string }[];
  const log = {
    info: (obj: Record<string, unknown>, msg: string) => void infos.push({ obj, msg }),
    warn: (obj: Record<string, unknown>, msg: string) => void warnings.push({ obj, msg }),
  };

  beforeEach(async () => {
    warnings = [];
    infos = [];
    dir = await mkdtemp(path.join(tmpdir(), "fedach-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("names banks from the file, reading it once, on first use, and logs how new it is", async () => {
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
    expect(infos).toHaveLength(1);
    expect(infos[0]!.obj).toMatchObject({ source: "fedach", newestChange: "2018-12-04", loaded: 2 });
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
    await writeFile(filePath, `${DIRECTORY}truncated line`);
    const source = createFedAchSource({ filePath, log });
    expect(await source.findBankName("011000138")).toBe("BANK OF AMERICA, N.A.");
    expect(warnings[0]!.obj).toMatchObject({ skipped: 1, loaded: 2 });
  });
});
