import { describe, expect, it } from "vitest";
import { roomCents } from "./billing.ts";

// A buyer's room (docs/product/buyer-money.md#room).

describe("roomCents", () => {
  const account = { creditedCents: 10_000, chargedCents: 7_500, heldCents: 1_000 };

  it("is payments less charges less holds when prepaid, with the credit limit on top on credit", () => {
    expect(roomCents({ kind: "prepaid" }, account)).toBe(1_500);
    expect(roomCents({ kind: "credit", creditLimit: 250.5 }, account)).toBe(26_550);
    expect(roomCents({ kind: "credit", creditLimit: 0 }, { creditedCents: 0, chargedCents: 300, heldCents: 0 })).toBe(
      -300,
    );
  });

  it("has no limit for an unbilled buyer", () => {
    expect(roomCents({ kind: "none" }, account)).toBeNull();
  });
});
