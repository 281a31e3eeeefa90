import { describe, expect, it } from "vitest";
import { workThrough } from "./claim-due.ts";

// An outbox pass through its claimed rows (docs/operations.md, Stopping): one call at a time, and the rest handed
// back rather than another call started once the process stops or the claim is nearly over.

const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];

async function pass(options: Parameters<typeof workThrough>[1], stopAfter?: number) {
  const sent: number[] = [];
  const handedBack: number[][] = [];
  let stopped = false;
  const count = await workThrough(
    rows,
    { ...options, stopping: () => stopped || options.stopping() },
    async (ids) => void handedBack.push(ids),
    async (row) => {
      sent.push(row.id);
      if (row.id === stopAfter) stopped = true;
    },
  );
  return { sent, handedBack, count };
}

describe("workThrough", () => {
  it("sends every row while the claim lasts and nothing stops it", async () => {
    expect(await pass({ stopping: () => false, claimLeftMs: 60_000 })).toEqual({
      sent: [1, 2, 3],
      handedBack: [],
      count: 0,
    });
  });

  it("ends after the call in flight when the process stops, and hands the rest back", async () => {
    expect(await pass({ stopping: () => false, claimLeftMs: 60_000 }, 1)).toEqual({
      sent: [1],
      handedBack: [[2, 3]],
      count: 2,
    });
  });

  it("starts no call without a call's time left of its claim, and hands those rows back", async () => {
    expect(await pass({ stopping: () => false, claimLeftMs: 0 })).toEqual({
      sent: [],
      handedBack: [[1, 2, 3]],
      count: 3,
    });
  });
});
