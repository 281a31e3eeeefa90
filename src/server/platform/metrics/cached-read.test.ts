import { describe, expect, it } from "vitest";
import { cachedRead } from "./cached-read.ts";

describe("cachedRead", () => {
  it("serves one read to every caller within its period, and reads again after it", async () => {
    let clock = 0;
    let reads = 0;
    const read = cachedRead(
      async () => ++reads,
      5_000,
      () => clock,
    );
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    clock = 4_999;
    expect(await read()).toBe(1);
    clock = 5_000;
    expect(await read()).toBe(2);
    expect(reads).toBe(2);
  });

  it("keeps no failure: the next caller reads again", async () => {
    let reads = 0;
    const read = cachedRead(
      async () => {
        reads += 1;
        if (reads === 1) throw new Error("database gone");
        return reads;
      },
      5_000,
      () => 0,
    );
    await expect(read()).rejects.toThrow("database gone");
    expect(await read()).toBe(2);
  });
});
