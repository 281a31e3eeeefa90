import { describe, expect, it } from "vitest";
import { usd } from "./money.ts";

describe("usd", () => {
  it("formats dollars the US way, with cents only when there are some", () => {
    expect(usd(2500)).toBe("$2,500");
    expect(usd(2637.476)).toBe("$2,637.48");
    expect(usd(219.79)).toBe("$219.79");
  });
});
