import { readFile } from "node:fs/promises";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isValidAbaChecksum } from "#domain/routing-number.ts";
import { validNumbersOutside } from "./fedach-fixture.testing.ts";
import type { RoutingDirectory } from "./routing-directory-format.ts";
import { createShippedDirectorySource, loadShippedRoutingDirectory } from "./routing-directory-source.ts";

type Logged = { level: "info" | "warn"; obj: Record<string, unknown>; msg: string };

describe("the shipped routing table", () => {
  let shipped: RoutingDirectory;
  let logged: Logged[];
  const log = {
    info: (obj: Record<string, unknown>, msg: string) => void logged.push({ level: "info", obj, msg }),
    warn: (obj: Record<string, unknown>, msg: string) => void logged.push({ level: "warn", obj, msg }),
  };

  beforeAll(async () => {
    shipped = await loadShippedRoutingDirectory();
  });
  beforeEach(() => {
    logged = [];
  });

  it("holds only numbers the route lets through (the ABA checksum), each with a name", () => {
    expect(shipped.names.size).toBeGreaterThan(1_000);
    const unusable = [...shipped.names].filter(([n, name]) => !isValidAbaChecksum(n) || name.trim() === "");
    expect(unusable).toEqual([]);
  });

  it("names each of its numbers' banks, loading once, on first use, and saying which directory date it uses", async () => {
    let loads = 0;
    const source = createShippedDirectorySource({
      log,
      load: () => {
        loads++;
        return loadShippedRoutingDirectory();
      },
    });
    expect(loads).toBe(0);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...shipped.names), async ([routingNumber, name]) => {
        expect(await source.findBankName(routingNumber)).toBe(name);
      }),
      { numRuns: 500 },
    );
    for (const outside of validNumbersOutside(shipped.names, 20)) {
      expect(await source.findBankName(outside)).toBeUndefined();
    }
    expect(loads).toBe(1);
    expect(source.name).toBe("table");
    expect(logged).toEqual([
      {
        level: "info",
        obj: expect.objectContaining({ directoryDate: shipped.directoryDate, routingNumbers: shipped.names.size }),
        msg: `routing numbers named from the FedACH directory of ${shipped.directoryDate}`,
      },
    ]);
  });

  it("answers 'not known' with one warning if the table cannot be read", async () => {
    const source = createShippedDirectorySource({ log, load: () => Promise.reject(new Error("cut short")) });
    const [first] = shipped.names.keys();
    expect(await source.findBankName(first!)).toBeUndefined();
    expect(await source.findBankName(first!)).toBeUndefined();
    expect(logged).toEqual([
      { level: "warn", obj: expect.objectContaining({ reason: "cut short" }), msg: expect.any(String) },
    ]);
  });

  it("is the directory date the README states", async () => {
    const readme = await readFile(new URL("../../../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(`FedACH directory of ${shipped.directoryDate}`);
  });
});
