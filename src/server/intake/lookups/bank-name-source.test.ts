import { describe, expect, it } from "vitest";
import { findBank, type BankNameSource } from "./bank-name-source.ts";

describe("findBank", () => {
  const source = (name: BankNameSource["name"], known: Record<string, string>): BankNameSource => ({
    name,
    findBankName: async (n) => known[n],
  });
  const sources = [
    source("fedach", { "1": "FED NAME", "2": "FED ONLY" }),
    source("table", { "1": "TABLE NAME", "3": "TABLE ONLY" }),
    source("service", { "4": "SERVICE ONLY" }),
  ];

  it("answers from the first source that knows the number", async () => {
    expect(await findBank(sources, "1")).toEqual({ bankName: "FED NAME", source: "fedach" });
    expect(await findBank(sources, "2")).toEqual({ bankName: "FED ONLY", source: "fedach" });
    expect(await findBank(sources, "3")).toEqual({ bankName: "TABLE ONLY", source: "table" });
    expect(await findBank(sources, "4")).toEqual({ bankName: "SERVICE ONLY", source: "service" });
    expect(await findBank(sources, "5")).toBeUndefined();
  });
});
