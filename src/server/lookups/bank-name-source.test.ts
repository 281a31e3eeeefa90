import { describe, expect, it } from "vitest";
import { isValidAbaChecksum } from "#domain/routing-number.ts";
import { createBankTableSource, findBank, type BankNameSource } from "./bank-name-source.ts";
import { BANK_ROUTING_NUMBERS } from "./data/bank-routing-numbers.ts";

describe("built-in routing number table", () => {
  const all = BANK_ROUTING_NUMBERS.flatMap(({ bankName, routingNumbers }) =>
    routingNumbers.map((n) => [n, bankName] as const),
  );

  it("holds 60 or more numbers of the largest banks, each once", () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map(([n]) => n)).size).toBe(all.length);
  });

  it.each(all)("%s (%s) is 9 digits and passes the ABA checksum", (routingNumber) => {
    expect(routingNumber).toMatch(/^\d{9}$/);
    expect(isValidAbaChecksum(routingNumber)).toBe(true);
  });

  it("names the well-known numbers", async () => {
    const table = createBankTableSource();
    expect(await table.findBankName("021000021")).toBe("JPMorgan Chase Bank");
    expect(await table.findBankName("026009593")).toBe("Bank of America");
    expect(await table.findBankName("121000248")).toBe("Wells Fargo Bank");
    expect(await table.findBankName("011002725")).toBeUndefined();
  });
});

describe("findBank", () => {
  const source = (name: BankNameSource["name"], known: Record<string, string>): BankNameSource => ({
    name,
    findBankName: async (n) => known[n],
  });
  const sources = [
    source("table", { "1": "Table Bank" }),
    source("fedach", { "1": "FED NAME", "2": "FED ONLY" }),
    source("service", { "3": "SERVICE ONLY" }),
  ];

  it("answers from the first source that knows the number", async () => {
    expect(await findBank(sources, "1")).toEqual({ bankName: "Table Bank", source: "table" });
    expect(await findBank(sources, "2")).toEqual({ bankName: "FED ONLY", source: "fedach" });
    expect(await findBank(sources, "3")).toEqual({ bankName: "SERVICE ONLY", source: "service" });
    expect(await findBank(sources, "4")).toBeUndefined();
  });
});
